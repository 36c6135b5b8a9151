import { describe, expect, it } from 'vitest';
import { tokenizer } from '../../../src/element/highlight/index.js';

/** The tokens of `code` in `lang`: each piece's class and text (plain text's class is ''). */
function tokens(lang: string, code: string): [string, string][] {
  const run = tokenizer(lang);
  if (!run) throw new Error(`no grammar for ${lang}`);
  const out: [string, string][] = [];
  let at = 0;
  run(code, 0, code.length, (cls, start, end) => {
    expect(start).toBe(at);
    expect(end).toBeGreaterThan(start);
    at = end;
    out.push([cls, code.slice(start, end)]);
  });
  expect(at).toBe(code.length);
  return out;
}

/** The text of each token of class `cls`. */
const of = (list: [string, string][], cls: string): string[] => list.filter(([c]) => c === cls).map(([, t]) => t);

/** One sample per language: the classes every reader expects, by their text. */
const SAMPLES: Record<string, { code: string; expect: Record<string, string[]> }> = {
  js: {
    code: "// total\nconst n = 42; /* a\nb */ let s = 'it\\'s' + `x${n}`;\nif (ok(n)) return null;",
    expect: {
      c: ['// total', '/* a\nb */'],
      k: ['const', 'let', 'if', 'return'],
      n: ['42', 'null'],
      s: ["'it\\'s'", '`x${n}`'],
      f: ['ok'],
    },
  },
  typescript: {
    code: '@Component\ninterface A { b: string }\ntype C = keyof A; // c',
    expect: { m: ['@Component'], k: ['interface', 'type', 'keyof'], t: ['A', 'string', 'C', 'A'], c: ['// c'] },
  },
  python: {
    code: 'def f(x):\n    """Doc\n    string"""\n    return x + 1.5  # plus\nprint(f"{x}", None)',
    expect: {
      k: ['def', 'return'],
      s: ['"""Doc\n    string"""', 'f"{x}"'],
      c: ['# plus'],
      n: ['1.5', 'None'],
      f: ['f', 'print'],
    },
  },
  bash: {
    code: '#!/bin/sh\n# install\nnpm install --save "$PKG" # then\nif [ -n "${A}" ]; then echo $HOME; fi',
    expect: {
      m: ['#!/bin/sh'],
      c: ['# install', ' # then'],
      f: ['npm', 'echo'],
      s: ['"$PKG"', '"${A}"'],
      k: ['if', 'then', 'fi'],
      v: ['$HOME'],
    },
  },
  json: {
    code: '{"name": "flowbot", "n": -1.5e3, "ok": true, "x": null}',
    expect: { p: ['"name"', '"n"', '"ok"', '"x"'], s: ['"flowbot"'], n: ['-1.5e3', 'true', 'null'] },
  },
  html: {
    code: '<!DOCTYPE html>\n<!-- note -->\n<a href="/x" data-id=\'1\'>Hi &amp; bye</a>',
    expect: {
      m: ['<!DOCTYPE html>'],
      c: ['<!-- note -->'],
      t: ['<a', '</a'],
      p: ['href', 'data-id'],
      s: ['"/x"', "'1'"],
      n: ['&amp;'],
    },
  },
  xml: {
    code: '<?xml version="1.0"?>\n<note id="1"/>',
    expect: { m: ['<?xml version="1.0"?>'], t: ['<note'], p: ['id'], s: ['"1"'] },
  },
  css: {
    code: '/* main */\n@media (min-width: 40em) {\n  a:hover { color: #1d4ed8 !important; margin: 0 auto; --gap: calc(2px + 1rem); }\n}',
    expect: {
      c: ['/* main */'],
      k: ['@media', '!important'],
      p: ['color', 'margin'],
      n: ['40em', '#1d4ed8', '0', '2px', '1rem'],
      v: ['--gap'],
      f: ['calc'],
    },
  },
  sql: {
    code: "-- who\nSELECT name, COUNT(*) FROM users WHERE id = 'a''b' AND age > 18 /* x */;",
    expect: { c: ['-- who', '/* x */'], k: ['SELECT', 'FROM', 'WHERE', 'AND'], f: ['COUNT'], s: ["'a''b'"], n: ['18'] },
  },
  java: {
    code: "@Override\npublic static void main(String[] args) { int x = 0x1F; char c = 'a'; }",
    expect: {
      m: ['@Override'],
      k: ['public', 'static'],
      t: ['void', 'String', 'int', 'char'],
      f: ['main'],
      n: ['0x1F'],
      s: ["'a'"],
    },
  },
  c: {
    code: '#include <stdio.h>\nint main(void) { printf("%d\\n", 1); return 0; } // end',
    expect: {
      m: ['#include <stdio.h>'],
      t: ['int', 'void'],
      f: ['main', 'printf'],
      s: ['"%d\\n"'],
      n: ['1', '0'],
      k: ['return'],
      c: ['// end'],
    },
  },
  cpp: {
    code: 'template <typename T>\nauto f(T x) -> T { return nullptr; }',
    expect: { k: ['template', 'typename', 'auto', 'return'], t: ['T', 'T', 'T'], f: ['f'], n: ['nullptr'] },
  },
  'c#': {
    code: 'public async Task<string> Get() { var s = $"Hi {name}"; var p = @"C:\\x"; return null; }',
    expect: {
      k: ['public', 'async', 'var', 'var', 'return'],
      t: ['Task', 'string'],
      f: ['Get'],
      s: ['$"Hi {name}"', '@"C:\\x"'],
      n: ['null'],
    },
  },
  go: {
    code: 'package main\n\nfunc add(a int, b int) int { return a + b } // sum\nvar s = `raw`',
    expect: {
      k: ['package', 'func', 'return', 'var'],
      t: ['int', 'int', 'int'],
      f: ['add'],
      c: ['// sum'],
      s: ['`raw`'],
    },
  },
  rust: {
    code: '#[derive(Debug)]\nfn main() { let x: &\'a str = "hi"; println!("{}", \'c\'); }',
    expect: {
      m: ['#[derive(Debug)]'],
      k: ['fn', 'let'],
      f: ['main', 'println!'],
      v: ["'a"],
      t: ['str'],
      s: ['"hi"', '"{}"', "'c'"],
    },
  },
  php: {
    code: '<?php\n// hi\nfunction greet($name) { echo "Hi $name"; return true; }\n?>',
    expect: {
      m: ['<?php', '?>'],
      c: ['// hi'],
      k: ['function', 'echo', 'return'],
      f: ['greet'],
      v: ['$name'],
      s: ['"Hi $name"'],
      n: ['true'],
    },
  },
  ruby: {
    code: '# greet\ndef greet(name)\n  puts "Hi #{name}"\n  @count = :done\nend\nFoo::Bar.new(nil)',
    expect: {
      c: ['# greet'],
      k: ['def', 'puts', 'end'],
      f: ['greet', 'new'],
      s: ['"Hi #{name}"'],
      v: ['@count', ':done'],
      t: ['Foo', 'Bar'],
      n: ['nil'],
    },
  },
  yaml: {
    code: '---\nname: flowbot # the name\nitems:\n  - id: 1\n    on: true\n    text: "a: b"\n',
    expect: {
      m: ['---'],
      p: ['name', 'items', 'id', 'on', 'text'],
      c: [' # the name'],
      n: [' 1', 'true'],
      s: ['"a: b"'],
    },
  },
  diff: {
    code: 'diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-old line\n+new line\n same\n',
    expect: { m: ['diff --git a/x b/x', '--- a/x', '+++ b/x', '@@ -1,2 +1,2 @@'], d: ['-old line'], i: ['+new line'] },
  },
};

describe('the highlight file', () => {
  for (const [lang, { code, expect: classes }] of Object.entries(SAMPLES))
    it(`reads ${lang}: the text reassembles exactly, and each token has its class`, () => {
      const list = tokens(lang, code);
      expect(list.map(([, t]) => t).join('')).toBe(code);
      for (const [cls, texts] of Object.entries(classes)) expect(of(list, cls), cls).toEqual(texts);
    });

  it('knows the languages by the names fences give them', () => {
    for (const lang of [
      'JavaScript',
      'ts',
      'tsx',
      'py',
      'sh',
      'shell',
      'zsh',
      'console',
      'yml',
      'c++',
      'cs',
      'csharp',
      'golang',
      'rs',
      'rb',
      'patch',
      'svg',
      'postgresql',
      'h',
    ])
      expect(tokenizer(lang), lang).toBeTypeOf('function');
    for (const lang of ['', 'text', 'brainfuck', 'constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect(tokenizer(lang), lang).toBeUndefined();
  });

  it('stops at the first token that reaches the slice end, and goes on from there', () => {
    const code = 'let a = 1;\n'.repeat(50);
    const run = tokenizer('js')!;
    const pieces: string[] = [];
    let at = 0;
    let slices = 0;
    while (at < code.length) {
      at = run(code, at, at + 40, (_cls, start, end) => pieces.push(code.slice(start, end)));
      slices++;
    }
    expect(pieces.join('')).toBe(code);
    expect(slices).toBeGreaterThan(10);
  });

  it('reads an unclosed comment or string to the end, and nothing is lost', () => {
    for (const [lang, code] of [
      ['js', 'a /* open'],
      ['py', 'x = """open\nstill'],
      ['html', '<a href="x'],
      ['rb', '=begin\nopen'],
      ['c', '"abc'],
      ['rs', 'r#"raw'],
    ] as const) {
      const list = tokens(lang, code);
      expect(list.map(([, t]) => t).join('')).toBe(code);
    }
  });

  it('reads hostile text without running it, in time', () => {
    const code = `${'<'.repeat(5_000)}${'"\\'.repeat(5_000)}${'/*'.repeat(5_000)}${'`${'.repeat(5_000)}`;
    for (const lang of ['js', 'html', 'css', 'yaml', 'sh', 'sql', 'py', 'rs']) {
      const started = performance.now();
      expect(
        tokens(lang, code)
          .map(([, t]) => t)
          .join(''),
      ).toBe(code);
      expect(performance.now() - started, lang).toBeLessThan(1_000);
    }
  });
});
