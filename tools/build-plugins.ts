/**
 * Vite plugins of the package's own builds (see `vite.config.ts`): what each
 * dependency costs in the script-tag file, and squeezed Lit templates and styles.
 */
import type { Plugin } from 'vite';

/**
 * Writes `dist/iife-modules.json`: the minified code each package contributes to the
 * script-tag file, so the size check can say what every dependency costs.
 */
export function moduleBreakdown(): Plugin {
  return {
    name: 'flowbot-module-breakdown',
    generateBundle(_options, bundle) {
      const groups: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, info] of Object.entries(chunk.modules)) {
          const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
          const group = match
            ? match[1]!
            : process.env.SIZE_BY_FILE
              ? id.replace(/^.*\/src\//, 'src/')
              : 'flowbot-chat (src)';
          groups[group] = (groups[group] ?? '') + (info.code ?? '');
        }
      }
      this.emitFile({ type: 'asset', fileName: 'iife-modules.json', source: JSON.stringify(groups) });
    },
  };
}

/**
 * Lit's css`` blocks are shipped as written; this squeezes their static text (comments and
 * runs of white space) in the builds. Interpolations are left alone.
 */
export function minifyLitCss(): Plugin {
  const squeeze = (text: string) =>
    text
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};,>])\s*/g, '$1')
      // A declaration's colon needs no space after it (a selector's pseudo-class has none).
      .replace(/: /g, ':')
      // A fraction needs no leading zero (`0.5rem` is `.5rem`).
      .replace(/([:( ,])0\.(\d)/g, '$1.$2')
      .replace(/;}/g, '}')
      .trim();
  return {
    name: 'flowbot-minify-lit-css',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !code.includes('css`')) return null;
      return code.replace(/css`([^`]*)`/g, (_m, body: string) => {
        const parts = body.split(/(\$\{[^}]*\})/);
        return `css\`${parts.map((part, i) => (i % 2 ? part : squeeze(part))).join('')}\``;
      });
    },
  };
}

/**
 * Lit's html`` and svg`` templates are shipped as written, indentation and line breaks
 * included: every such run becomes a text node in the DOM. In the script-tag builds this
 * drops the runs that hold a line break next to a tag and turns the others into one space.
 * Expressions are walked (nested templates included); anything it cannot follow is left
 * as it was.
 */
export function minifyLitHtml(): Plugin {
  const squeeze = (text: string): string =>
    text
      .replace(/>\s*\n\s*/g, '>')
      .replace(/\s*\n\s*</g, '<')
      .replace(/\s*\n\s*/g, ' ');
  /** Index after the end of the string or template starting at `i` (code[i] is the quote). */
  function skipString(code: string, i: number, out: string[]): number {
    const quote = code[i]!;
    if (quote === '`') return template(code, i, out, false);
    let j = i + 1;
    while (j < code.length && code[j] !== quote) j += code[j] === '\\' ? 2 : 1;
    out.push(code.slice(i, j + 1));
    return j + 1;
  }
  /** Copies an expression up to its closing brace, squeezing the templates inside. */
  function expression(code: string, i: number, out: string[]): number {
    let depth = 0;
    let j = i;
    while (j < code.length) {
      const c = code[j]!;
      if (c === "'" || c === '"' || c === '`') {
        j = skipString(code, j, out);
        continue;
      }
      if (/[\w$]/.test(code[j - 1] ?? '') === false && /^(html|svg)`/.test(code.slice(j, j + 5))) {
        const tag = code.startsWith('html', j) ? 'html' : 'svg';
        out.push(tag);
        j = template(code, j + tag.length, out, true);
        continue;
      }
      if (c === '/' && (code[j + 1] === '/' || code[j + 1] === '*')) throw new Error('comment in an expression');
      if (c === '{') depth++;
      if (c === '}') {
        if (depth === 0) return j;
        depth--;
      }
      out.push(c);
      j++;
    }
    throw new Error('unbalanced expression');
  }
  /** Copies the template starting at the backtick `i`; squeezes its static text when `lit`. */
  function template(code: string, i: number, out: string[], lit: boolean): number {
    out.push('`');
    let j = i + 1;
    let chunk = '';
    const flush = () => {
      out.push(lit ? squeeze(chunk) : chunk);
      chunk = '';
    };
    while (j < code.length) {
      const c = code[j]!;
      if (c === '\\') {
        chunk += code.slice(j, j + 2);
        j += 2;
      } else if (c === '`') {
        flush();
        out.push('`');
        return j + 1;
      } else if (c === '$' && code[j + 1] === '{') {
        flush();
        out.push('${');
        j = expression(code, j + 2, out);
        out.push('}');
        j++;
      } else {
        chunk += c;
        j++;
      }
    }
    throw new Error('unterminated template');
  }
  return {
    name: 'flowbot-minify-lit-html',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !/\b(html|svg)`/.test(code)) return null;
      const out: string[] = [];
      let last = 0;
      try {
        const re = /\b(html|svg)`/g;
        let match: RegExpExecArray | null;
        while ((match = re.exec(code))) {
          out.push(code.slice(last, match.index), match[1]!);
          last = template(code, match.index + match[1]!.length, out, true);
          re.lastIndex = last;
        }
        out.push(code.slice(last));
        return out.join('');
      } catch {
        return null;
      }
    },
  };
}
