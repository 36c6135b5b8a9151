import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: '/vue/',
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'flowbot-chat' } } })],
  build: { outDir: '../dist/vue', emptyOutDir: true },
  logLevel: 'warn',
});
