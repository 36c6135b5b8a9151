/**
 * Long AI answers in the shapes that are hard on a streamed answer's reader
 * and renderer, about 20 KB each: prose (paragraphs with emphasis, code spans,
 * links and short lists), one code block, and one long paragraph. Shared by
 * the component tests and the benchmark (each mentions "the benchmark", so
 * the reference server's knowledge matching picks it for the bench question).
 */

/** The size each shape reaches (characters). */
export const LONG_ANSWER_LENGTH = 20_000;

/** How each of them ends (as shown: plain words). */
export const LONG_ANSWER_END = 'That is the end of the benchmark answer.';

const sentence = (k: number): string =>
  `Sentence ${k} of the benchmark has **bold words**, *an aside*, a \`code span\` and [a link](https://example.com/${k}).`;

function upTo(length: number, part: (k: number) => string, separator: string): string {
  const parts: string[] = [];
  let size = 0;
  for (let k = 0; size < length; k++) {
    const next = part(k);
    parts.push(next);
    size += next.length + separator.length;
  }
  return parts.join(separator);
}

/** Paragraphs of a few sentences, every fourth block a short list. */
export function longProse(length = LONG_ANSWER_LENGTH): string {
  return `${upTo(
    length,
    (k) =>
      k % 4 === 3
        ? `- point ${k} of the benchmark list\n- another point, *in italics*\n- a last point with \`code\``
        : [0, 1, 2].map((j) => sentence(3 * k + j)).join(' '),
    '\n\n',
  )}\n\n${LONG_ANSWER_END}`;
}

/** One fenced code block. */
export function longCode(length = LONG_ANSWER_LENGTH): string {
  const body = upTo(
    length - 16,
    (k) => `  const benchmark${k} = measure("line ${k}", ${k} * 2); // *not* markdown`,
    '\n',
  );
  return `\`\`\`ts\n${body}\n// ${LONG_ANSWER_END}\n\`\`\``;
}

/** One paragraph on a single line. */
export function longParagraph(length = LONG_ANSWER_LENGTH): string {
  return `${upTo(length, sentence, ' ')} ${LONG_ANSWER_END}`;
}
