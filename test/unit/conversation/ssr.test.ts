import { describe, expect, it } from 'vitest';

describe('server-side import', () => {
  it('imports the package entry in Node without a DOM and without throwing', async () => {
    const entry = await import('../../../src/index.js');
    expect(typeof entry.FlowbotChat).toBe('function');
    expect(typeof entry.createViewerClient).toBe('function');
    expect(typeof entry.FlowbotStartEvent).toBe('function');
    expect(entry.tagName).toBe('flowbot-chat');
  });

  it('imports the element entry and the script-tag entry too', async () => {
    const element = await import('../../../src/element.js');
    expect(typeof element.FlowbotChat).toBe('function');
    // It exports nothing (the script-tag file leaves no global but `Flowbot`): importing it is the test.
    await expect(import('../../../src/script-tag/embed.js')).resolves.toBeTypeOf('object');
  });
});
