/**
 * The flows the benchmark talks to: a one-message greeting, long start
 * blocks whose whole transcript arrives in the `startChat` response, and
 * streamed answers (a long one, and 20 KB ones of each hard shape). No typing
 * emulation anywhere, so the widget shows what it receives at once.
 */
import { defineFlow, type FlowDefinition } from '../../src/server/flows.js';
import { longCode, longParagraph, longProse } from '../support/long-answers.js';

/** Public id of the greeting flow: one text message, then a text input. */
export const FIRST_MESSAGE_FLOW = 'bench-first';

/**
 * Public id of the flow whose first turn is the shape of the interface document's sample: a rich
 * text message (bold, a link), a markdown message (a heading, emphasis, a link), an image, then a
 * text input. The first turn's file cannot draw the markdown nor the image: the widget's code does,
 * with the rich messages' file.
 */
export const SAMPLE_FLOW = 'bench-sample';

/** Public id of the flow whose start response carries `count` text messages. */
export const longFlowId = (count: number): string => `bench-${count}`;

const publishedAt = '2026-01-01T00:00:00.000Z';

function greetingFlow(): FlowDefinition {
  return defineFlow({
    publicId: FIRST_MESSAGE_FLOW,
    name: 'Benchmark greeting',
    description: 'One greeting, then a question.',
    publishedAt,
    blocks: [
      {
        id: 'hello',
        messages: [{ type: 'text', text: 'Hello! I am the benchmark bot. What is your name?' }],
        input: { id: 'name', type: 'text input', variable: 'name' },
      },
    ],
  });
}

function sampleFlow(): FlowDefinition {
  return defineFlow({
    publicId: SAMPLE_FLOW,
    name: 'Benchmark sample first turn',
    description: "The interface document's sample first turn: rich text, markdown, an image, a question.",
    publishedAt,
    blocks: [
      {
        id: 'welcome',
        messages: [
          {
            type: 'text',
            content: {
              type: 'richText',
              richText: [
                {
                  type: 'p',
                  children: [
                    { text: 'Welcome to ' },
                    { text: 'Acme Academy', bold: true },
                    { text: '! Our ' },
                    { type: 'a', url: 'https://example.com/guide', children: [{ text: 'guide' }] },
                    { text: ' has the basics.' },
                  ],
                },
              ],
            },
          },
          {
            type: 'text',
            content: {
              type: 'markdown',
              markdown:
                '## Getting started\n\nAsk me *anything* about your courses, or see the [help centre](https://example.com/help).',
            },
          },
          { type: 'image', content: { url: '{{$assetsUrl}}/banner.svg' } },
        ],
        input: { id: 'name', type: 'text input', variable: 'name', options: { labels: { placeholder: 'Your name' } } },
      },
    ],
  });
}

/** A sentence of ordinary chat length (about 15 words), different for every message. */
function sentence(index: number): string {
  return `Message ${index + 1}: here is a line of ordinary length, the kind a support bot sends to a visitor.`;
}

function longFlow(count: number): FlowDefinition {
  return defineFlow({
    publicId: longFlowId(count),
    name: `Benchmark ${count} messages`,
    description: `${count} text messages in the start response.`,
    publishedAt,
    blocks: [
      {
        id: 'long',
        messages: Array.from({ length: count }, (_, i) => ({ type: 'text', text: sentence(i) })),
        input: { id: 'reply', type: 'text input', variable: 'reply' },
      },
    ],
  });
}

/** Public id of the flow that streams a long AI answer after the visitor's question. */
export const STREAM_FLOW = 'bench-stream';
/** Words in that answer (one streamed piece each). */
export const STREAM_WORDS = 4000;
/** The question the pages ask it. */
export const STREAM_QUESTION = 'Tell me everything about the benchmark';

/** A markdown answer of `STREAM_WORDS` words: paragraphs with bold phrases and short lists. */
function longAnswer(): string {
  const blocks: string[] = [];
  let words = 0;
  for (let i = 0; words < STREAM_WORDS; i++) {
    const block =
      i % 5 === 4
        ? `- point ${i} of the benchmark list\n- another point, *in italics*\n- a last point with \`code\``
        : `**Benchmark part ${i}.** ${'This sentence about the benchmark says something ordinary, as an assistant would. '.repeat(4).trim()}`;
    blocks.push(block);
    words += block.split(/\s+/).length;
  }
  return blocks.join('\n\n');
}

/**
 * Public ids of the flows that stream a 20 KB answer of each hard shape (see
 * `test/support/long-answers.ts`); the benchmark's burst server sends all its
 * pieces at once, as a buffering proxy or a connection catching up would.
 */
export const BURST_FLOWS = {
  prose: 'bench-burst-prose',
  'one code block': 'bench-burst-code',
  'one long paragraph': 'bench-burst-paragraph',
} as const;

function streamFlow(publicId: string, description: string, answer: string): FlowDefinition {
  return defineFlow({
    publicId,
    name: 'Benchmark stream',
    description,
    publishedAt,
    knowledge: [answer],
    blocks: [
      {
        id: 'ask',
        messages: [{ type: 'text', text: 'Ask me.' }],
        input: { id: 'q', type: 'text input', variable: 'q', next: 'answer' },
      },
      { id: 'answer', stream: { question: '{{q}}' }, next: 'done' },
      {
        id: 'done',
        messages: [{ type: 'text', text: 'Done.' }],
        input: { id: 'end', type: 'text input', variable: 'end' },
      },
    ],
  });
}

/** Every benchmark flow by public id, for `startReferenceServer({ flows })`. */
export function benchFlows(counts: readonly number[]): Record<string, FlowDefinition> {
  const flows: Record<string, FlowDefinition> = {
    [FIRST_MESSAGE_FLOW]: greetingFlow(),
    [SAMPLE_FLOW]: sampleFlow(),
    [STREAM_FLOW]: streamFlow(STREAM_FLOW, `A streamed ${STREAM_WORDS}-word answer.`, longAnswer()),
    [BURST_FLOWS.prose]: streamFlow(BURST_FLOWS.prose, 'A 20 KB answer of prose.', longProse()),
    [BURST_FLOWS['one code block']]: streamFlow(BURST_FLOWS['one code block'], 'A 20 KB code block.', longCode()),
    [BURST_FLOWS['one long paragraph']]: streamFlow(
      BURST_FLOWS['one long paragraph'],
      'A 20 KB paragraph.',
      longParagraph(),
    ),
  };
  for (const count of counts) flows[longFlowId(count)] = longFlow(count);
  return flows;
}
