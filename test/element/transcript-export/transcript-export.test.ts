import { describe, expect, it } from 'vitest';
import { LIMITS, SHORTENED } from '../../../src/protocol/limits.js';
import { parseMarkdown } from '../../../src/protocol/markdown/index.js';
import { readMedia } from '../../../src/protocol/media.js';
import { splitSources, splitThink } from '../../../src/protocol/agent.js';
import { agentSummary } from '../../../src/render/agent-read.js';
import { answerToText, richTextToDocument } from '../../../src/render/answer-text.js';
import { exportTranscript, type ExportOptions } from '../../../src/element/transcript-export/transcript-export.js';
import type { TranscriptEntry } from '../../../src/protocol/transcript.js';
import { enAnswers } from '../../../src/i18n/en.js';

// The export's English words, as the widget has them.
const words = enAnswers;

const AT = Date.UTC(2026, 0, 20, 10, 42);
const options = (format: 'markdown' | 'text' = 'markdown', more: Partial<ExportOptions> = {}): ExportOptions => ({
  format,
  words,
  markdown: parseMarkdown,
  media: readMedia,
  time: (at) => new Date(at).toISOString().slice(11, 16),
  day: (at) => new Date(at).toISOString().slice(0, 10),
  ...more,
});

const rich = (...children: unknown[]) => ({
  id: 'r',
  type: 'text',
  content: { type: 'richText', richText: [{ type: 'p', children }] },
});
const md = (markdown: string, id = 'm') => ({ id, type: 'text', content: { type: 'markdown', markdown } });
const bot = (message: unknown, at: number | null = AT, key = 1): TranscriptEntry =>
  ({ kind: 'bot', key, message, local: false, ...(at === null ? {} : { at }) }) as TranscriptEntry;
const you = (text: string, answer: unknown = text, at = AT + 60_000): TranscriptEntry =>
  ({ kind: 'answer', key: 9, answer, text, state: 'sent', at }) as TranscriptEntry;

describe('exportTranscript', () => {
  it('writes who said what and when, a title and a line for each day', async () => {
    const out = await exportTranscript(
      [bot(rich({ text: 'Hi!' })), you('Where is my order?'), bot(md('It ships **today**.'), AT + 86_400_000, 2)],
      options('markdown', { title: 'Acme support' }),
    );
    expect(out).toBe(
      [
        '# Acme support',
        '## 2026-01-20',
        '**Bot**, 10:42:\n\nHi!',
        '**You**, 10:43:\n\nWhere is my order?',
        '## 2026-01-21',
        '**Bot**, 10:42:\n\nIt ships **today**.',
      ].join('\n\n') + '\n',
    );
  });

  it('writes plain text in the same order, links as "text (url)"', async () => {
    const out = await exportTranscript(
      [bot(rich({ text: 'See ' }, { type: 'a', url: 'https://example.com/a', children: [{ text: 'the page' }] }))],
      options('text'),
    );
    expect(out).toBe('Conversation\n\n2026-01-20\n\nBot, 10:42:\nSee the page (https://example.com/a)\n');
  });

  it('leaves out what was not said: answers not sent, streams still growing, messages without content', async () => {
    const entries = [
      { kind: 'answer', key: 1, answer: 'x', text: 'not sent', state: 'failed' },
      { kind: 'stream', key: 2, text: 'growing' },
      bot({ id: 'e', type: 'custom-embed', content: {} }),
    ] as TranscriptEntry[];
    expect(await exportTranscript(entries, options())).toBe('# Conversation\n');
  });

  it('writes a message without a time (an older record) under its author alone', async () => {
    expect(await exportTranscript([bot(rich({ text: 'Old' }), null)], options())).toBe(
      '# Conversation\n\n**Bot**:\n\nOld\n',
    );
  });

  it('gives files by name and URL, and a voice message as a link', async () => {
    const files = you('report.pdf, photo 1.png', {
      type: 'text',
      text: 'https://files.example/u/report.pdf, https://files.example/u/photo%201.png',
      attachedFileUrls: ['https://files.example/u/report.pdf', 'https://files.example/u/photo%201.png'],
    });
    const attached = you('Here it is', {
      type: 'text',
      text: 'Here it is',
      attachedFileUrls: ['javascript:alert(1)'],
    });
    const voice = you('Voice message', { type: 'audio', url: 'https://files.example/u/clip.webm' });
    const out = await exportTranscript([files, attached, voice], options());
    expect(out).toContain(
      '**You**, 10:43:\n\n- [report.pdf](https://files.example/u/report.pdf)\n- [photo 1.png](https://files.example/u/photo%201.png)',
    );
    // A URL that is no web or mail link is its name alone.
    expect(out).toContain('Here it is\n\n- alert(1)');
    expect(out).not.toContain('javascript:');
    expect(out).toContain('[Voice message](https://files.example/u/clip.webm)');
  });

  it('gives media as links (nothing a viewer of the file would load), with the words of the widget', async () => {
    const out = await exportTranscript(
      [
        bot({
          id: 'i',
          type: 'image',
          content: { url: 'https://cdn.example/cat.png', clickLink: { url: 'https://shop.example', alt: 'A cat' } },
        }),
        bot({ id: 'v', type: 'video', content: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } }),
        bot({ id: 'a', type: 'audio', content: { url: 'https://cdn.example/a.mp3' } }),
        bot({ id: 'e', type: 'embed', content: { url: 'https://forms.example/f' } }),
      ],
      options(),
    );
    expect(out).toContain(
      '[Image: A cat](https://cdn.example/cat.png)\n\n[https://shop.example/](https://shop.example/)',
    );
    expect(out).toContain('[Video](https://www.youtube.com/watch?v=dQw4w9WgXcQ)');
    expect(out).toContain('[Audio](https://cdn.example/a.mp3)');
    expect(out).toContain('[Embedded content](https://forms.example/f)');
    expect(out).not.toContain('![');
  });

  it('yields between messages when asked to', async () => {
    let pauses = 0;
    await exportTranscript(
      [bot(rich({ text: 'a' })), bot(rich({ text: 'b' }), AT, 2)],
      options('markdown', {
        pause: () => {
          pauses++;
          return Promise.resolve();
        },
      }),
    );
    expect(pauses).toBe(2);
  });
});

describe('richTextToDocument', () => {
  it('keeps marks, links, lists and code as Markdown', () => {
    const nodes = [
      ...parseMarkdown('**Bold** and _italic_ and [a link](https://example.com/x_(y)).'),
      { type: 'p', children: [{ text: 'co`de', code: true }] },
      ...parseMarkdown('- one\n- two\n  1. nested\n\n```\nconst a = `b`;\n``` = 1;\n```'),
    ];
    expect(richTextToDocument(nodes, 'markdown')).toBe(
      [
        '**Bold** and _italic_ and [a link](https://example.com/x_%28y%29).',
        '``co`de``',
        '- one\n- two\n  1. nested',
        // A fence longer than any run of backticks in the code.
        '````\nconst a = `b`;\n``` = 1;\n````',
      ].join('\n\n'),
    );
  });

  it('writes text as text: no markup, no HTML, no unsafe link survives', () => {
    const nodes = [
      {
        type: 'p',
        children: [
          { text: '<script>alert(1)</script> *not bold* [x](javascript:alert(1)) &amp; ' },
          { type: 'a', url: 'javascript:alert(2)', children: [{ text: 'click' }] },
          { type: 'a', url: 'data:text/html,<b>x</b>', children: [{ text: ' me' }] },
        ],
      },
      { type: 'p', children: [{ text: '# not a heading\n- not a list\n1. nor this' }] },
    ];
    const out = richTextToDocument(nodes, 'markdown');
    expect(out).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; \\*not bold\\* \\[x\\](javascript:alert(1)) &amp;amp; click me' +
        '\n\n\\# not a heading  \n\\- not a list  \n\\1. nor this',
    );
    // Read back by a Markdown reader, it is the text that was shown, with no link at all.
    const back = parseMarkdown(out);
    expect(JSON.stringify(back)).not.toContain('"type":"a"');
  });

  it('reads plain text as the bubble shows it', () => {
    expect(richTextToDocument(parseMarkdown('**A** [b](https://b.example)\n\n- c'), 'text')).toBe(
      'A b (https://b.example/)\n\n- c',
    );
  });
});

describe('answerToText', () => {
  it("gives a markdown answer's source, and rich text as text", () => {
    expect(answerToText(md('**Hi** [x](https://x.example)'), { markdown: parseMarkdown })).toBe(
      '**Hi** [x](https://x.example)',
    );
    expect(answerToText(rich({ text: 'Hello', bold: true }), {})).toBe('Hello');
    expect(answerToText({ id: 'i', type: 'image', content: { url: 'https://x.example/a.png' } }, {})).toBe('');
  });

  it('stays within the response limits, and says where it was cut', () => {
    const long = answerToText(md('x'.repeat(1024 * 1024)), { markdown: parseMarkdown });
    expect(long.length).toBe(LIMITS.messageChars + 2 + SHORTENED.length);
    expect(long.endsWith(`\n\n${SHORTENED}`)).toBe(true);
  });
});

describe('markdown answers in the export', () => {
  it('keeps headings, code blocks with their language, quotes, tables and task items as markdown', () => {
    const tree = parseMarkdown(
      '## Plans\n\n| Plan | Price |\n|---|---|\n| Basic | 10 |\n\n> Prices change.\n\n```bash\nnpm i\n```\n\n- [x] done\n- [ ] to do',
    );
    const md = richTextToDocument(tree, 'markdown');
    expect(md).toContain('## Plans');
    expect(md).toContain('| Plan | Price |\n| --- | --- |\n| Basic | 10 |');
    expect(md).toContain('> Prices change.');
    expect(md).toContain('```bash\nnpm i\n```');
    expect(md).toContain('- [x] done\n- [ ] to do');
    const text = richTextToDocument(tree, 'text');
    expect(text).toContain('Plans');
    expect(text).not.toContain('##');
    expect(text).toContain('Plan\tPrice');
  });
});

describe('exportTranscript: what an agent did', () => {
  // The widget's reader: an answer without its thinking and its trailing sources (drawn apart).
  const reader = (source: string) => parseMarkdown(splitSources(splitThink(source).answer).answer);
  const agentAnswer = (agent: unknown) => ({
    id: 'a',
    type: 'text',
    content: {
      type: 'markdown',
      markdown: '<think>Look it up.</think>\n\nWithin **14 days**.\n\nSources:\n- [Terms](https://example.com/terms)',
      agent,
    },
  });
  const agent = {
    tools: [
      { id: 't1', name: 'search_knowledge_base', input: '{}', output: '{}', state: 'done' },
      { id: 't2', name: 'readDocument', input: '{}', output: '{}', state: 'failed' },
    ],
    more: 0,
    reasoning: '',
    sources: [{ url: 'https://example.com/refunds', title: 'Refund policy' }],
  };

  it('writes the tools used and the sources, and the thinking only once the visitor opened it', async () => {
    const closed = await exportTranscript(
      [bot(agentAnswer(agent))],
      options('markdown', { markdown: reader, agent: agentSummary }),
    );
    expect(closed).toBe(
      [
        '# Conversation',
        '## 2026-01-20',
        '**Bot**, 10:42:',
        'Used 2 tools:\n- Search knowledge base: done\n- Read document: failed',
        'Within **14 days**.',
        'Sources:\n- [Refund policy](https://example.com/refunds)\n- [Terms](https://example.com/terms)',
      ].join('\n\n') + '\n',
    );
    const opened = await exportTranscript(
      [bot(agentAnswer({ ...agent, thinkingOpened: true }))],
      options('text', { markdown: reader, agent: agentSummary }),
    );
    expect(opened).toContain('Thinking:\n> Look it up.');
    expect(opened).toContain('Sources:\n- Refund policy (https://example.com/refunds)');
  });

  it('copies the answer without its thinking', () => {
    expect(answerToText(agentAnswer(agent), { markdown: reader, agent: agentSummary })).toBe(
      'Within **14 days**.\n\nSources:\n- [Terms](https://example.com/terms)',
    );
  });
});
