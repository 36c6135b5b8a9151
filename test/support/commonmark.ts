/**
 * The CommonMark spec's examples (the `commonmark-spec` package) against the
 * widget's markdown: both the spec's expected HTML and the widget's output are
 * brought to the widget's safe subset, then compared, per spec section.
 *
 * What the widget deliberately does not draw is left out (see `EXCLUDED` and
 * `excludedWhy`); what it draws its own way is normalised on both sides:
 *
 * - every line break is a break (a chat message's newline is one): `<br>` and
 *   line ends are white space, and white space is collapsed (but in code);
 * - a rule is a blank line, blocks are spaced by blank paragraphs, and lists
 *   are drawn tight: `<hr>`, empty paragraphs and paragraphs in `li` go;
 * - links show no title, and a link whose text is its URL is text (the widget
 *   links bare URLs, as GFM does);
 * - URLs are compared percent-decoded, a code block's language by its first word.
 */
import type { RichTextNode } from '../../src/protocol/rich-text.js';

/** One example of the spec. */
export interface SpecExample {
  readonly markdown: string;
  readonly html: string;
  readonly section: string;
  readonly number: number;
}

/** Sections left out whole, and why. */
export const EXCLUDED: Readonly<Record<string, string>> = {
  'HTML blocks': 'raw HTML is shown as text, never parsed',
  'Raw HTML': 'raw HTML is shown as text, never parsed',
  Images: 'images inside text are not drawn (an image is a message of its own)',
  'Link reference definitions': 'reference links are not read (models write inline links)',
  'Entity and numeric character references': 'character references are shown as typed (no entity table on demand)',
  'Indented code blocks': 'indentation is not code (a chat answer fences its code)',
};

/** Why an example of another section is left out, if it is. */
export function excludedWhy(example: SpecExample): string | undefined {
  const section = EXCLUDED[example.section];
  if (section) return section;
  if (/<img\b/.test(example.html)) return EXCLUDED.Images;
  if (/^ {0,3}\[[^\]]+\]:/m.test(example.markdown)) return EXCLUDED['Link reference definitions'];
  if (/&(#\d{1,7}|#[xX][\da-fA-F]{1,6}|[a-zA-Z][a-zA-Z\d]{1,31});/.test(example.markdown)) {
    return EXCLUDED['Entity and numeric character references'];
  }
  // Tags that only raw HTML in the markdown can make, or raw HTML of the markdown passed through as it is.
  const tags = example.html.match(/<\/?([a-zA-Z][a-zA-Z\d-]*)/g) ?? [];
  if (tags.some((tag) => !MARKDOWN_TAGS.has(tag.replace(/^<\/?/, '').toLowerCase()))) return EXCLUDED['Raw HTML'];
  const raw = example.markdown.match(/<\/?[a-zA-Z][a-zA-Z\d-]*(?:\s[^<>]*)?\/?>|<!--|<\?/g) ?? [];
  if (raw.some((tag) => example.html.includes(tag))) return EXCLUDED['Raw HTML'];
  // An indented code block in the expected output, and no fence in the markdown.
  if (example.html.includes('<pre><code>') && !/^[ \t>]*(```|~~~)/m.test(example.markdown)) {
    return EXCLUDED['Indented code blocks'];
  }
  return undefined;
}

const MARKDOWN_TAGS = new Set(
  'p h1 h2 h3 h4 h5 h6 ul ol li blockquote pre code em strong a br hr img table thead tbody tr th td del s'.split(' '),
);

/** An element or a text of the normalised tree. */
type Tree = { tag: string; attrs: Record<string, string>; kids: Tree[] } | string;

const BLOCK = new Set('p h1 h2 h3 h4 h5 h6 ul ol li blockquote pre table thead tbody tr th td'.split(' '));
const VOID = new Set(['br', 'hr', 'img']);

function decode(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|lt|gt|amp|quot);/gi, (_, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'amp') return '&';
    if (lower === 'quot') return '"';
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return String.fromCodePoint(code || 0xfffd);
  });
}

/** Reads the spec's HTML (well formed, markdown's tags only) into a tree. */
export function htmlToTree(html: string): Tree[] {
  const root: Tree = { tag: '', attrs: {}, kids: [] };
  const stack = [root];
  const tag = /<(\/?)([a-zA-Z][a-zA-Z\d]*)((?:\s+[a-zA-Z-]+(?:="[^"]*")?)*)\s*\/?>/g;
  let last = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const top = stack[stack.length - 1] as Exclude<Tree, string>;
    if (m.index > last) top.kids.push(decode(html.slice(last, m.index)));
    last = tag.lastIndex;
    const name = m[2]!.toLowerCase();
    if (m[1]) {
      while (stack.length > 1 && (stack.pop() as Exclude<Tree, string>).tag !== name);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of m[3]!.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)) attrs[a[1]!] = decode(a[2] ?? '');
    const node: Tree = { tag: name, attrs, kids: [] };
    top.kids.push(node);
    if (!VOID.has(name)) stack.push(node);
  }
  if (last < html.length) (stack[stack.length - 1] as Exclude<Tree, string>).kids.push(decode(html.slice(last)));
  return root.kids;
}

/** The widget's tree as the HTML its renderer draws (headings as `h1`–`h6`, code blocks with their language). */
export function widgetToTree(nodes: readonly RichTextNode[]): Tree[] {
  const out: Tree[] = [];
  for (const node of nodes) {
    if (typeof node.text === 'string' && node.type === undefined) {
      let inner: Tree[] = [];
      node.text.split('\n').forEach((line, k) => {
        if (k) inner.push({ tag: 'br', attrs: {}, kids: [] });
        if (line) inner.push(line);
      });
      for (const [mark, tag] of [
        ['code', 'code'],
        ['strike', 's'],
        ['italic', 'em'],
        ['bold', 'strong'],
      ] as const) {
        if (node[mark]) inner = [{ tag, attrs: {}, kids: inner }];
      }
      out.push(...inner);
      continue;
    }
    const kids = widgetToTree(node.children ?? []);
    switch (node.type) {
      case 'lic':
      case 'task':
        out.push(...kids);
        break;
      case 'h':
        out.push({ tag: `h${node.level as number}`, attrs: {}, kids });
        break;
      case 'a':
        out.push({ tag: 'a', attrs: { href: String(node.url) }, kids });
        break;
      case 'ol':
        out.push({ tag: 'ol', attrs: node.start ? { start: String(node.start) } : {}, kids });
        break;
      case 'pre': {
        const text = (node.children?.[0]?.text as string | undefined) ?? '';
        const attrs: Record<string, string> = node.lang ? { class: `language-${node.lang as string}` } : {};
        out.push({ tag: 'pre', attrs: {}, kids: [{ tag: 'code', attrs, kids: text ? [text] : [] }] });
        break;
      }
      default:
        out.push({ tag: node.type ?? 'span', attrs: {}, kids });
    }
  }
  return out;
}

const url = (value: string): string => {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
};

/** Inline marks, outermost first, in the order they are written out. */
const MARK_ORDER = ['a', 'strong', 'em', 's', 'code'];
const MARKS: Record<string, string> = {
  strong: 'strong',
  b: 'strong',
  em: 'em',
  i: 'em',
  s: 's',
  del: 's',
  code: 'code',
};

type Item = { run: string; marks: string[] } | { block: string };

/**
 * Brings a tree to the widget's subset (see the module comment) and writes it
 * as one canonical string: inline text as runs of the same marks, written in
 * one order (so `<em>a <strong>b</strong></em>` and the widget's leaves
 * `<em>a </em><strong><em>b</em></strong>` read the same).
 */
export function normalise(trees: Tree[]): string {
  const items = (nodes: Tree[], parent: string, marks: string[]): Item[] => {
    const out: Item[] = [];
    for (const node of nodes) {
      if (typeof node === 'string') {
        out.push({ run: node, marks });
        continue;
      }
      const { tag, attrs, kids } = node;
      if (tag === 'hr') continue;
      if (tag === 'br') out.push({ run: ' ', marks });
      else if (tag === 'p' && parent === 'li')
        out.push({ run: ' ', marks }, ...items(kids, 'p', marks), { run: ' ', marks });
      else if (tag === 'a') {
        const href = url(attrs.href ?? '');
        const text = kids
          .map(function flat(kid: Tree): string {
            return typeof kid === 'string' ? kid : kid.kids.map(flat).join('');
          })
          .join('');
        const bare = text === href || `mailto:${text}` === href;
        out.push(...items(kids, 'a', bare ? marks : [...marks, `a href="${href}"`]));
      } else if (MARKS[tag]) out.push(...items(kids, tag, [...marks, MARKS[tag]!]));
      else if (tag === 'pre') {
        const code = kids.find((kid): kid is Exclude<Tree, string> => typeof kid !== 'string' && kid.tag === 'code');
        const lang = code?.attrs.class?.replace(/^language-/, '').split(/\s/)[0];
        const flat = (trees: Tree[]): string =>
          trees.map((kid) => (typeof kid === 'string' ? kid : flat(kid.kids))).join('');
        const text = flat(code?.kids ?? []).replace(/\n$/, '');
        out.push({ block: `<pre${lang ? ` lang="${lang}"` : ''}>${text}</pre>` });
      } else if (BLOCK.has(tag)) {
        const inner = write(items(kids, tag, []));
        if (tag === 'p' && !inner) continue;
        const start = tag === 'ol' && attrs.start && attrs.start !== '1' ? ` start="${Number(attrs.start)}"` : '';
        out.push({ block: `<${tag}${start}>${inner}</${tag}>` });
      } else out.push(...items(kids, tag, marks));
    }
    return out;
  };
  /** Runs of the same marks joined, white space collapsed and trimmed beside blocks, written out. */
  const write = (list: Item[]): string => {
    const merged: Item[] = [];
    for (const item of list) {
      const last = merged[merged.length - 1];
      if ('run' in item && last && 'run' in last && last.marks.join('|') === item.marks.join('|')) {
        merged[merged.length - 1] = { run: last.run + item.run, marks: last.marks };
      } else merged.push('run' in item ? { run: item.run.replace(/\s+/g, ' '), marks: item.marks } : item);
    }
    return merged
      .map((item, k) => {
        if ('block' in item) return item.block;
        let run = item.run.replace(/\s+/g, ' ');
        const before = merged[k - 1];
        const after = merged[k + 1];
        if (!before || 'block' in before) run = run.trimStart();
        if (!after || 'block' in after) run = run.trimEnd();
        if (!run) return '';
        const marks = [...new Set(item.marks)].sort(
          (x, y) => MARK_ORDER.indexOf(x.split(' ')[0]!) - MARK_ORDER.indexOf(y.split(' ')[0]!),
        );
        return marks.reduceRight((text, mark) => `<${mark}>${text}</${mark.split(' ')[0]}>`, run);
      })
      .join('')
      .replace(/ {2,}/g, ' ');
  };
  return write(items(trees, '', []));
}

/** The examples a run counts, and how many of them pass, per section. */
export interface Conformance {
  readonly sections: Record<string, { passed: number; total: number; failed: number[] }>;
  readonly excluded: { number: number; section: string; why: string }[];
}

/** Runs `render` (markdown to the normalisable tree) on every example not excluded. */
export function conformance(examples: readonly SpecExample[], render: (markdown: string) => Tree[]): Conformance {
  const sections: Conformance['sections'] = {};
  const excluded: Conformance['excluded'] = [];
  for (const example of examples) {
    const why = excludedWhy(example);
    if (why) {
      excluded.push({ number: example.number, section: example.section, why });
      continue;
    }
    const markdown = example.markdown.replace(/→/g, '\t');
    const expected = normalise(htmlToTree(example.html.replace(/→/g, '\t')));
    let actual: string;
    try {
      actual = normalise(render(markdown));
    } catch {
      actual = '(threw)';
    }
    const stats = (sections[example.section] ??= { passed: 0, total: 0, failed: [] });
    stats.total++;
    if (actual === expected) stats.passed++;
    else stats.failed.push(example.number);
  }
  return { sections, excluded };
}
