/**
 * A small markdown reader for chat bubbles. It produces the same tree as the
 * rich-text format (so both go through one safe renderer) and nothing else:
 *
 * - Blocks: paragraphs (a single newline is a line break), a blank line between
 *   blocks becomes one empty paragraph (the rich-text way of spacing), `-`/`*`/`+`
 *   and `1.`/`1)` lists (nested by indentation; an ordered list keeps its
 *   start number), `#` headings as bold paragraphs, fenced code as a code
 *   paragraph, `---` rules as a blank line.
 * - Inline: `**bold**` and `__bold__` (CommonMark: double underscores are bold;
 *   there is no underline syntax), `*italic*` and `_italic_` (`_` not inside
 *   words), `` `code` ``, `[text](url)`, `<https://autolinks>`, `<a@b.example>`,
 *   bare `http(s)://` URLs and backslash escapes.
 * - Raw HTML is text. Link URLs are checked when rendered, not here.
 *
 * Linear time: every forward search uses a precomputed next-occurrence table,
 * and no regular expression can backtrack over more than one line's prefix.
 * Input beyond 50,000 characters is cut off.
 */
import type { RichTextNode } from './rich-text.js';

const MAX_LENGTH = 50_000;
const PUNCT = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

const isSpace = (c: string | undefined): boolean => c === undefined || c === ' ' || c === '\t' || c === '\n';
const isAlnum = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}]/u.test(c);

function isEmail(v: string): boolean {
  const at = v.indexOf('@');
  return (
    at > 0 && at === v.lastIndexOf('@') && v.indexOf('.', at) > at + 1 && !v.endsWith('.') && !/[()[\]\\,;:"]/.test(v)
  );
}

/** Parses one block's text (lines joined by `\n`) into leaves and links. */
function parseInline(s: string, bold: boolean): RichTextNode[] {
  const n = s.length;
  /** next[j] = first index >= j where `pred` holds, else n. */
  const table = (pred: (j: number) => boolean): Int32Array => {
    const t = new Int32Array(n + 1).fill(n);
    for (let j = n - 1; j >= 0; j--) t[j] = pred(j) ? j : t[j + 1]!;
    return t;
  };
  const char = (c: string) => table((j) => s[j] === c);
  const ws = table((j) => isSpace(s[j]));
  const [lt, gt, lb, rb, lp, rp, tick] = ['<', '>', '[', ']', '(', ')', '`'].map(char) as [
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
  ];
  // Where a closing delimiter could stand: after a non-space, and for `_` not before a letter.
  const closer = (c: string, len: number) =>
    table(
      (j) => s[j] === c && (len === 1 || s[j + 1] === c) && !isSpace(s[j - 1]) && (c === '*' || !isAlnum(s[j + len])),
    );
  const closers: Record<string, Int32Array> = {
    '*1': closer('*', 1),
    '*2': closer('*', 2),
    _1: closer('_', 1),
    _2: closer('_', 2),
  };
  const next = (t: Int32Array, j: number): number => (j >= n ? n : t[j]!);

  function run(from: number, end: number, links: boolean, marks: { b: boolean; i: boolean }): RichTextNode[] {
    const out: RichTextNode[] = [];
    let buf = '';
    const leaf = (text: string, code = false): RichTextNode => {
      const node: RichTextNode = { text };
      if (bold || marks.b) node.bold = true;
      if (marks.i) node.italic = true;
      if (code) node.code = true;
      return node;
    };
    const flush = () => {
      if (buf) out.push(leaf(buf));
      buf = '';
    };
    const link = (url: string, children: RichTextNode[]) => {
      flush();
      out.push({ type: 'a', url, children: children.length ? children : [leaf(url)] });
    };
    /** Opens or closes emphasis with `len` delimiter characters at `i`; returns how many it used. */
    const delimiter = (i: number, c: string, len: 1 | 2): number => {
      const key = len === 2 ? 'b' : 'i';
      const word = c === '_';
      if (marks[key]) {
        if (isSpace(s[i - 1]) || (word && isAlnum(s[i + len]))) return 0;
      } else if (
        i + len >= end ||
        isSpace(s[i + len]) ||
        (word && isAlnum(s[i - 1])) ||
        next(closers[c + len]!, i + len) >= end
      ) {
        return 0;
      }
      flush();
      marks[key] = !marks[key];
      return len;
    };
    const unclosedTicks = new Set<number>();
    let i = from;
    while (i < end) {
      const c = s[i]!;
      if (c === '\\' && i + 1 < end && PUNCT.includes(s[i + 1]!)) {
        buf += s[i + 1];
        i += 2;
        continue;
      }
      if (c === '*' || c === '_') {
        // A run of two or more opens/closes bold, or only closes italic: a
        // single delimiter never opens from inside a run.
        const pair = i + 1 < end && s[i + 1] === c;
        const used = pair ? delimiter(i, c, 2) || (marks.i ? delimiter(i, c, 1) : 0) : delimiter(i, c, 1);
        if (!used) buf += pair ? c + c : c;
        i += used || (pair ? 2 : 1);
        continue;
      }
      if (c === '`') {
        let k = 1;
        while (i + k < end && s[i + k] === '`') k++;
        let j = unclosedTicks.has(k) ? end : next(tick, i + k);
        while (j < end) {
          let m = 1;
          while (j + m < end && s[j + m] === '`') m++;
          if (m === k) break;
          j = next(tick, j + m);
        }
        if (j < end) {
          flush();
          const body = s.slice(i + k, j);
          const padded = body.length > 2 && body[0] === ' ' && body.endsWith(' ') && body.trim() !== '';
          out.push(leaf(padded ? body.slice(1, -1) : body, true));
          i = j + k;
        } else {
          unclosedTicks.add(k);
          buf += s.slice(i, i + k);
          i += k;
        }
        continue;
      }
      if (links && c === '[') {
        const close = next(rb, i + 1);
        if (close < end && next(lb, i + 1) > close && s[close + 1] === '(') {
          let paren = next(rp, close + 2);
          // One level of parentheses inside the URL, as in wiki links.
          if (paren < end && next(lp, close + 2) < paren) paren = next(rp, paren + 1);
          if (paren < end) {
            let url = s.slice(close + 2, Math.min(paren, next(ws, close + 2)));
            if (url.startsWith('<') && url.endsWith('>')) url = url.slice(1, -1);
            const label = run(i + 1, close, false, { ...marks });
            link(url, label);
            i = paren + 1;
            continue;
          }
        }
      }
      if (links && c === '<') {
        const close = next(gt, i + 1);
        if (close < end && next(ws, i + 1) >= close && next(lt, i + 1) >= close) {
          const inner = s.slice(i + 1, close);
          const url = /^[a-z][a-z\d+.-]{1,31}:\S/i.test(inner) ? inner : isEmail(inner) ? `mailto:${inner}` : '';
          if (url) {
            link(url, [leaf(inner)]);
            i = close + 1;
            continue;
          }
        }
      }
      if (links && c === 'h' && !isAlnum(s[i - 1]) && (s.startsWith('https://', i) || s.startsWith('http://', i))) {
        let stop = Math.min(next(ws, i), next(lt, i), end);
        while (stop > i && '.,:;!?\'"*_]'.includes(s[stop - 1]!)) stop--;
        if (s[stop - 1] === ')' && !s.slice(i, stop).includes('(')) stop--;
        if (stop - i > 8) {
          const url = s.slice(i, stop);
          link(url, [leaf(url)]);
          i = stop;
          continue;
        }
      }
      buf += c;
      i++;
    }
    flush();
    return out;
  }

  return run(0, n, true, { b: false, i: false });
}

interface Todo {
  node: RichTextNode;
  lines: string[];
  bold: boolean;
}
interface Level {
  indent: number;
  ordered: boolean;
  list: RichTextNode;
  item?: { li: RichTextNode; content: Todo };
}

const ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])[ \t]+(.*)$/;
const HEADING = /^ {0,3}#{1,6}[ \t]+/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

const indentOf = (prefix: string): number => prefix.replace(/\t/g, '    ').length;
const isRule = (t: string): boolean => {
  const bare = t.replace(/ /g, '');
  return bare.length >= 3 && '-*_'.includes(bare[0]!) && bare === bare[0]!.repeat(bare.length);
};

/**
 * Parses a markdown string into the same safe subset as a rich-text tree
 * (see the module comment for the syntax understood). Never throws.
 */
export function parseMarkdown(md: string): RichTextNode[] {
  if (typeof md !== 'string') return [];
  const blocks: RichTextNode[] = [];
  const todo: Todo[] = [];
  let para: Todo | undefined;
  let levels: Level[] = [];
  let blank = false;
  let fence: { marker: string; lines: string[] } | undefined;

  const block = (node: RichTextNode, text?: string[], bold = false) => {
    if (blank && blocks.length) blocks.push({ type: 'p', children: [{ text: '' }] });
    blank = false;
    blocks.push(node);
    if (text) todo.push({ node, lines: text, bold });
  };
  const closeAll = () => {
    para = undefined;
    levels = [];
  };
  const newList = (ordered: boolean, start: number, indent: number): Level => {
    const list: RichTextNode = { type: ordered ? 'ol' : 'ul', children: [] };
    if (ordered && start !== 1) list.start = start;
    return { indent, ordered, list };
  };

  const addItem = (indent: number, ordered: boolean, start: number, text: string) => {
    while (levels.length && indent < levels[levels.length - 1]!.indent) levels.pop();
    let top = levels[levels.length - 1];
    if (top?.item && indent >= top.indent + 2) {
      const level = newList(ordered, start, indent);
      top.item.li.children!.push(level.list);
      levels.push((top = level));
    } else if (!top || top.ordered !== ordered) {
      if (levels.length > 1) {
        levels.pop();
        const level = newList(ordered, start, indent);
        levels[levels.length - 1]!.item!.li.children!.push(level.list);
        levels.push((top = level));
      } else {
        const level = newList(ordered, start, indent);
        closeAll();
        block(level.list);
        levels = [(top = level)];
      }
    }
    const lic: RichTextNode = { type: 'lic', children: [] };
    const li: RichTextNode = { type: 'li', children: [lic] };
    const content: Todo = { node: lic, lines: [text], bold: false };
    todo.push(content);
    top.list.children!.push(li);
    top.item = { li, content };
    blank = false;
  };

  for (const raw of md.slice(0, MAX_LENGTH).split(/\r\n?|\n/)) {
    const line = raw.trimEnd();
    if (fence) {
      const t = line.trim();
      if (t.startsWith(fence.marker) && t === fence.marker[0]!.repeat(t.length)) {
        fence = undefined;
      } else {
        fence.lines.push(raw);
      }
      continue;
    }
    if (!line.trim()) {
      para = undefined;
      blank = blocks.length > 0;
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening) {
      closeAll();
      fence = { marker: opening[1]!, lines: [] };
      block({ type: 'p', children: [{ text: '', code: true }] });
      const leaf = blocks[blocks.length - 1]!.children![0]!;
      // Filled in place as lines arrive; joined when the document ends.
      todo.push({ node: leaf, lines: fence.lines, bold: false });
      continue;
    }
    if (isRule(line.trim())) {
      closeAll();
      blank = blocks.length > 0;
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      para = undefined;
      addItem(indentOf(item[1]!), !/[-*+]/.test(item[2]!), parseInt(item[2]!, 10) || 1, item[3]!);
      continue;
    }
    const top = levels[levels.length - 1];
    if (top?.item && (!blank || indentOf(/^[ \t]*/.exec(line)![0]) >= 2)) {
      top.item.content.lines.push(line.trim());
      blank = false;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      closeAll();
      block({ type: 'p', children: [] }, [line.slice(heading[0].length)], true);
      continue;
    }
    if (para) {
      para.lines.push(line.trim());
      continue;
    }
    closeAll();
    const node: RichTextNode = { type: 'p', children: [] };
    block(node, [line.trim()]);
    para = todo[todo.length - 1];
  }

  for (const { node, lines, bold } of todo) {
    const text = lines.join('\n');
    if (node.code) node.text = text;
    else node.children = parseInline(text, bold);
  }
  return blocks;
}
