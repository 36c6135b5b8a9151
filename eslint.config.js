// The linter (`npm run lint`, and a step of `npm test`): TypeScript's recommended rules, Lit's
// (templates), the custom-element rules and Lit templates' accessibility rules for the widget.
import js from '@eslint/js';
import litA11y from 'eslint-plugin-lit-a11y';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'coverage/',
      'test-results/',
      'bench-results/',
      'test/frameworks/**',
      '**/*.d.ts',
      // The README's "Try it" folder: built files copied beside a page.
      'site/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // `import type` everywhere a name is only a type (verbatimModuleSyntax holds the compiler to it too).
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Chai's property assertions (`expect(x).to.be.true`) are expressions.
      '@typescript-eslint/no-unused-expressions': 'off',
      // Tests walk JSON of any shape.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Scripts of the test and bench pages: plain browser JavaScript with the page's own globals.
    files: ['test/**/*.js'],
    languageOptions: { globals: { __bench: 'writable', __problems: 'writable' } },
  },
  {
    files: ['src/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    files: ['src/**/*.ts'],
    ...wc.configs['flat/recommended'],
  },
  {
    files: ['src/**/*.ts'],
    plugins: { 'lit-a11y': litA11y },
    rules: litA11y.configs.recommended.rules,
  },
);
