/**
 * The demo's stand-in for a language model: answers a question with the
 * best-matching paragraphs of a flow's `knowledge` (markdown), with no
 * network and no model. Deterministic, so tests can know the answer.
 */

const STOP_WORDS = new Set(
  'a an and are about can could did do does for from have how i in is it me my of on or so the there this to was what when where which who why will with you your'.split(
    ' ',
  ),
);

/** The words of `text` worth matching: lower-case, without stop words, plural `s` dropped. */
function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map((word) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word));
}

/** The most paragraphs an answer quotes. */
const PARAGRAPHS_SHOWN = 2;

/**
 * The paragraphs of `knowledge` that answer `question`, in their order in
 * `knowledge`: the one or two sharing the most words with the question (a
 * second one only when it scores at least half as well), or none.
 */
export function chosenParagraphs(knowledge: readonly string[], question: string): string[] {
  const wanted = new Set(terms(question));
  const scored = knowledge
    .map((paragraph, index) => {
      const words = terms(paragraph);
      const hits = words.filter((word) => wanted.has(word)).length;
      const distinct = new Set(words.filter((word) => wanted.has(word))).size;
      return { paragraph, index, score: distinct * 10 + hits };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  if (scored.length === 0) return [];
  const best = scored[0]!.score;
  return scored
    .filter((entry) => entry.score * 2 >= best)
    .slice(0, PARAGRAPHS_SHOWN)
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.paragraph);
}

/** The distinct words of `question` that `chosenParagraphs` matches on, in order. */
export function questionTerms(question: string): string[] {
  return [...new Set(terms(question))];
}

/**
 * The answer to `question` from `knowledge` (markdown paragraphs): the
 * paragraphs of `chosenParagraphs`, else a short "not found" note naming the
 * topics it knows (each paragraph's first bold phrase).
 */
export function knowledgeAnswer(knowledge: readonly string[], question: string): string {
  return answerFrom(knowledge, chosenParagraphs(knowledge, question));
}

/**
 * The answer from the paragraphs `read` of `knowledge` (as `knowledgeAnswer`), saying which of the
 * chosen ones could not be read (`unread`, their titles): it quotes only what was read.
 */
export function answerFrom(
  knowledge: readonly string[],
  read: readonly string[],
  unread: readonly string[] = [],
): string {
  const missed = unread.length ? `I could not read the notes on ${unread.join(' and ')} just now` : '';
  if (missed && !read.length) return `${missed}, so I cannot answer from them. Please ask again in a moment.`;
  if (!read.length) {
    const topics = knowledge.map((p) => /\*\*([^*]+)\*\*/.exec(p)?.[1]).filter((t): t is string => Boolean(t));
    return [
      'I could not find that in the Acme notes I have. I can tell you about:',
      '',
      ...topics.map((topic) => `- ${topic}`),
      '',
      'Try asking about one of those.',
    ].join('\n');
  }
  return [
    'Here is what I found:',
    '',
    ...read.flatMap((paragraph, i) => (i ? ['', paragraph] : [paragraph])),
    ...(missed ? ['', `${missed}.`] : []),
  ].join('\n');
}

/**
 * `answer` cut into the pieces a model would stream: word by word, each
 * piece carrying the white space (line breaks too) before its word. Joined,
 * they give `answer` back exactly.
 */
export function streamPieces(answer: string): string[] {
  return answer.match(/\s*\S+/g) ?? (answer ? [answer] : []);
}

interface RichLeaf {
  text: string;
  bold?: boolean;
}
interface RichElement {
  type: string;
  url?: string;
  children: (RichLeaf | RichElement)[];
}

/**
 * The markdown of `knowledgeAnswer` (paragraphs, `-` and `1.` lists with
 * task items, `#` headings, `>` quotes, tables, fenced code, `**bold**`,
 * `[links](url)`) as the protocol's rich text, for sessions that did not ask
 * for markdown or streams: headings and header rows bold, code as its
 * lines, a table row as one line with its cells between ` · `, a task as ☐ or ☑.
 */
export function markdownToRichText(markdown: string): RichElement[] {
  const blocks: RichElement[] = [];
  let list: RichElement | undefined;
  let code: string[] | undefined;
  let inTable = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      // Rich text has no code mark: the code's lines, as they are.
      if (code) blocks.push({ type: 'p', children: [{ text: code.join('\n') }] });
      code = code ? undefined : [];
      continue;
    }
    if (code) {
      code.push(line);
      continue;
    }
    const item = /^\s*(-|\d+\.)\s+(?:\[([ xX])\]\s+)?(.*)$/.exec(line);
    if (item) {
      const type = item[1] === '-' ? 'ul' : 'ol';
      if (!list || list.type !== type) blocks.push((list = { type, children: [] }));
      const box = item[2] === undefined ? '' : item[2] === ' ' ? '☐ ' : '☑ ';
      list.children.push({ type: 'li', children: [{ type: 'lic', children: inline(box + item[3]!) }] });
      continue;
    }
    list = undefined;
    const row = /^\s*\|(.*)\|\s*$/.exec(line);
    if (row && /^[\s|:-]+$/.test(line)) continue;
    if (row) {
      const cells = row[1]!.split('|').map((cell) => cell.trim());
      // The first row is the header.
      blocks.push({ type: 'p', children: inline(cells.join(' · '), !inTable) });
      inTable = true;
      continue;
    }
    inTable = false;
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    const text = heading ? heading[1]! : line.replace(/^\s*>\s?/, '');
    if (text.trim()) blocks.push({ type: 'p', children: inline(text, !!heading) });
  }
  return blocks;
}

function inline(text: string, bold = false): (RichLeaf | RichElement)[] {
  const nodes: (RichLeaf | RichElement)[] = [];
  const leaf = (value: string, strong = bold): RichLeaf => (strong ? { text: value, bold: true } : { text: value });
  const pattern = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|~~([^~]+)~~/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) nodes.push(leaf(text.slice(last, match.index)));
    if (match[1] !== undefined) nodes.push(leaf(match[1], true));
    else if (match[4] !== undefined) nodes.push(leaf(match[4]));
    else nodes.push({ type: 'a', url: match[3]!, children: [leaf(match[2]!)] });
    last = match.index + match[0].length;
  }
  if (last < text.length || nodes.length === 0) nodes.push(leaf(text.slice(last)));
  return nodes;
}
