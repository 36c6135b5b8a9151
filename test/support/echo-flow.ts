import { defineFlow } from '../../src/server/index.js';

/** A flow that asks for text forever: any number of answers in one session. */
export const echo = defineFlow({
  publicId: 'echo',
  name: 'Echo',
  description: 'Asks again after every answer.',
  publishedAt: '2026-01-01T00:00:00.000Z',
  blocks: [
    {
      id: 'ask',
      messages: [{ type: 'text', text: 'Say something.' }],
      input: { id: 'said', type: 'text input', next: 'ask' },
    },
  ],
});
