/**
 * Flows of the visual regression suite, added to the end-to-end server: every block of the shipped
 * `demo` flow as a flow of its own that starts there (`demo-at-<block id>`), so each input is one
 * short conversation away, and two markdown messages the demo does not have (a list and code; a heading, a quote, a task
 * list and a table).
 */
import { defineFlow, shippedFlows, type FlowDefinition } from '../../src/server/index.js';

const markdown = [
  'A **markdown** answer, with a list and code:',
  '',
  '- Run `npm run build` first',
  '- Then open *the demo*',
  '',
  '```',
  'const chat = Flowbot.init({',
  "  publicId: 'demo',",
  '});',
  '```',
].join('\n');

const gfm = [
  '### Your order',
  '',
  '> Shipped on **July 1**, arriving in 3 days.',
  '',
  '- [x] Paid',
  '- [x] Packed',
  '- [ ] Delivered',
  '',
  '| Item | Qty | Price |',
  '| :--- | :-: | ----: |',
  '| Mug | 2 | $18 |',
  '| ~~Cap~~ | 0 | $0 |',
].join('\n');

/** The flows the visual suite needs, by public id. */
export function visualFlows(): Record<string, FlowDefinition> {
  const demo = shippedFlows()['demo']!;
  const flows: Record<string, FlowDefinition> = {};
  for (const block of demo.blocks) {
    const publicId = `demo-at-${block.id}`;
    flows[publicId] = { ...demo, publicId, start: block.id };
  }
  flows['markdown'] = defineFlow({
    publicId: 'markdown',
    name: 'Markdown',
    description: 'One markdown message with a list, inline code and a code block (visual tests).',
    publishedAt: '2026-01-01T00:00:00.000Z',
    blocks: [
      {
        id: 'show',
        messages: [{ type: 'text', content: { type: 'markdown', markdown } }],
        input: { id: 'reply', type: 'text input', options: { labels: { placeholder: 'Reply...', button: 'Send' } } },
      },
    ],
  });
  flows['markdown-gfm'] = defineFlow({
    publicId: 'markdown-gfm',
    name: 'Markdown, GFM',
    description: 'One markdown message with a heading, a quote, a task list and a table (visual tests).',
    publishedAt: '2026-01-01T00:00:00.000Z',
    blocks: [
      {
        id: 'show',
        messages: [{ type: 'text', content: { type: 'markdown', markdown: gfm } }],
        input: { id: 'reply', type: 'text input', options: { labels: { placeholder: 'Reply...', button: 'Send' } } },
      },
    ],
  });
  flows['markdown-code'] = defineFlow({
    publicId: 'markdown-code',
    name: 'Markdown, code',
    description: 'One markdown message with fenced code in three languages, coloured (visual tests).',
    publishedAt: '2026-01-01T00:00:00.000Z',
    blocks: [
      {
        id: 'show',
        messages: [
          {
            type: 'text',
            content: {
              type: 'markdown',
              markdown: [
                'Start a chat from **TypeScript**:',
                '```ts\n// One request, typed\nconst res = await fetch(`/api/v1/flowbots/${id}/startChat`, { method: "POST" });\nif (!res.ok) throw new Error(`HTTP ${res.status}`);\nexport const count: number = 42;\n```',
                'The same in **Python** and from a shell:',
                '```python\ndef start(bot_id: str) -> dict:\n    """Starts a chat."""\n    return post(f"/startChat/{bot_id}", timeout=10)  # seconds\n```',
                '```bash\ncurl -X POST "$HOST/api/v1/flowbots/support/startChat" | jq .sessionId\n```',
              ].join('\n\n'),
            },
          },
        ],
        input: { id: 'reply', type: 'text input', options: { labels: { placeholder: 'Reply...', button: 'Send' } } },
      },
    ],
  });
  flows['markdown-math'] = defineFlow({
    publicId: 'markdown-math',
    name: 'Markdown, math',
    description: 'One markdown message with inline and displayed formulas and a price (visual tests).',
    publishedAt: '2026-01-01T00:00:00.000Z',
    blocks: [
      {
        id: 'show',
        messages: [
          {
            type: 'text',
            content: {
              type: 'markdown',
              markdown: [
                'Your **final grade** is the mean of your scores $s_1, \\dots, s_n$ (the course costs $29 and $19 a month):',
                '$$m = \\frac{1}{n}\\sum_{i=1}^{n} s_i$$',
                'The roots of $ax^2 + bx + c$ are \\(x = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}\\), and',
                '\\[\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}^{-1} = \\frac{1}{ad-bc}\\begin{pmatrix} d & -b \\\\ -c & a \\end{pmatrix}\\]',
              ].join('\n\n'),
            },
          },
        ],
        input: { id: 'reply', type: 'text input', options: { labels: { placeholder: 'Reply...', button: 'Send' } } },
      },
    ],
  });
  return flows;
}
