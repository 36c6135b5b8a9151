/**
 * An agent you can watch work: its tool calls, its thinking and its sources,
 * from hand-made data streams (parts split across network chunks, tools
 * interleaved with text, a tool that fails, a stream cut during a call, a
 * megabyte of arguments, ten thousand calls). What a visitor sees is checked
 * in the browser; the reply sent back is always the whole text of the `0` parts.
 */
import { expect as chai, fixture, html } from '@open-wc/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { $, $$, botTexts, part, parts } from '../../support/widget-dom.js';
import { until } from '../../support/widget-actions.js';
import { chunksOf, encoder, scriptedViewer, type Scripted } from '../stream/stream-helpers.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const line = (code: string, value: unknown): string => `${code}:${JSON.stringify(value)}\n`;

/** An agent turn: reasoning, a search that succeeds, a read that fails, the answer with a source. */
const TURN = [
  line('g', 'The visitor asks about refunds. '),
  line('g', 'I will search the notes.'),
  line('f', { messageId: 'step-1' }),
  line('b', { toolCallId: 't1', toolName: 'search_knowledge_base' }),
  line('c', { toolCallId: 't1', argsTextDelta: '{"query":' }),
  line('c', { toolCallId: 't1', argsTextDelta: '"refunds"}' }),
  line('9', { toolCallId: 't1', toolName: 'search_knowledge_base', args: { query: 'refunds' } }),
  line('a', { toolCallId: 't1', result: { matches: ['Refunds'] } }),
  line('e', { finishReason: 'tool-calls' }),
  line('b', { toolCallId: 't2', toolName: 'readDocument' }),
  line('9', { toolCallId: 't2', toolName: 'readDocument', args: { id: 'refunds' } }),
  line('a', { toolCallId: 't2', result: { isError: true, error: 'The store did not answer.' } }),
  line('f', { messageId: 'step-2' }),
  line('0', 'You can ask for a **refund** '),
  line('0', 'within 14 days.'),
  line('h', { sourceType: 'url', id: 's1', url: 'https://www.example.com/help/refunds', title: 'Refund policy' }),
  line('h', { sourceType: 'url', id: 's2', url: 'javascript:alert(1)', title: 'Hostile' }),
  line('e', { finishReason: 'stop' }),
  line('d', { finishReason: 'stop' }),
].join('');
const REPLY = 'You can ask for a **refund** within 14 days.';

const continues = (calls: Scripted['calls']) => calls.filter((c) => c.url.includes('/continueChat'));
const answered = (el: FlowbotChat) => until(() => botTexts(el).includes('Anything else?'), 8000);
/** The complete answer's bubble. */
const answerOf = (el: FlowbotChat) => parts(el, 'bot-message').find((b) => b.textContent?.includes('refund'))!;

describe('<flowbot-chat> agent activity', () => {
  it('shows the tool calls live, folds them once the answer starts, and sends back only the text', async () => {
    const bytes = encoder.encode(TURN);
    // One part per chunk, then the rest: the list is seen growing.
    const cut = TURN.indexOf('f:{"messageId":"step-2"}');
    const viewer = scriptedViewer(
      () => [...chunksOf(bytes.slice(0, cut), [40, 90, 200, 300, 420, 600]), bytes.slice(cut)],
      {
        gated: true,
      },
    );
    const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
    await until(() => viewer.calls.some((c) => c.url.includes('/streamMessage')));
    for (let i = 0; i < 4; i++) viewer.release();
    const live = await until(() => $(el, '.streaming [part="agent-tools"]'));
    // While it works: a list, each line saying what it does in words; the answer is busy.
    await until(() => live.textContent?.includes('Searching knowledge base'));
    expect($(el, '.streaming')!.getAttribute('aria-busy')).toBe('true');
    expect(live.tagName).toBe('DIV');
    for (let i = 0; i < 10; i++) viewer.release();
    await answered(el);
    const bubble = answerOf(el);
    const tools = bubble.querySelector<HTMLDetailsElement>('[part="agent-tools"]')!;
    expect(tools.tagName).toBe('DETAILS');
    expect(tools.open).toBe(false);
    expect(tools.querySelector('summary')!.textContent).toBe('Used 2 tools');
    const lines = [...tools.querySelectorAll('.fb-tool')];
    expect(lines.map((l) => [l.getAttribute('data-state'), l.querySelector('.fb-tool-said')!.textContent])).toEqual([
      ['done', 'Search knowledge base: done'],
      ['failed', 'Read document: failed'],
    ]);
    // Opened: what each call was given and returned, as text.
    tools.querySelector('summary')!.click();
    const first = lines[0]!.querySelector('details')!;
    first.querySelector('summary')!.click();
    expect(first.querySelector('dl')!.textContent).toContain('{"query":"refunds"}');
    expect(first.querySelector('dl')!.textContent).toContain('{"matches":["Refunds"]}');
    // The thinking: collapsed, above the answer.
    const thinking = bubble.querySelector<HTMLDetailsElement>('[part="agent-thinking"]')!;
    expect(thinking.open).toBe(false);
    expect(thinking.compareDocumentPosition(bubble.querySelector('.fb-content')!)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(thinking.querySelector('summary')!.textContent).toBe('Thinking');
    // Sources: the safe one as a chip, the hostile one dropped.
    const chips = [...bubble.querySelectorAll<HTMLAnchorElement>('[part="agent-sources"] a')];
    expect(chips.map((a) => [a.href, a.target, a.rel, a.textContent])).toEqual([
      ['https://www.example.com/help/refunds', '_blank', 'noopener noreferrer', 'example.comRefund policy'],
    ]);
    expect(bubble.querySelector('.fb-content')!.textContent).toBe('You can ask for a refund within 14 days.');
    expect(continues(viewer.calls).map((c) => c.body)).toEqual([{ message: { type: 'text', text: REPLY } }]);
  });

  it('is clean under axe with a call running, and with the tools, a call and the thinking open', async () => {
    const bytes = encoder.encode(TURN);
    // Held right after the second call is complete, before its result: it runs.
    const held = TURN.indexOf('a:{"toolCallId":"t2"');
    const viewer = scriptedViewer(() => [bytes.slice(0, held), bytes.slice(held)], { gated: true });
    const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
    await until(() => viewer.calls.some((c) => c.url.includes('/streamMessage')));
    viewer.release();
    const running = await until(() => $(el, '.streaming .fb-tool[data-state="running"]'));
    expect(running.textContent).toContain('Reading document…');
    // The live list opened on the running call, and the thinking opened while it streams.
    running.querySelector('summary')!.click();
    $<HTMLDetailsElement>(el, '.streaming [part="agent-thinking"] summary')!.click();
    await chai(el).to.be.accessible();
    viewer.release();
    await answered(el);
    const bubble = answerOf(el);
    bubble.querySelector<HTMLElement>('[part="agent-tools"] > summary')!.click();
    for (const summary of bubble.querySelectorAll<HTMLElement>('.fb-tool summary')) summary.click();
    expect(bubble.querySelector<HTMLDetailsElement>('[part="agent-thinking"]')!.open).toBe(true);
    expect(bubble.querySelectorAll('.fb-tool details[open]').length).toBe(2);
    await chai(el).to.be.accessible();
    // Every summary a target a finger can take (WCAG 2.5.8: 24 by 24 px).
    for (const summary of bubble.querySelectorAll('summary')) {
      const box = summary.getBoundingClientRect();
      expect([summary.textContent, box.height >= 24, box.width >= 24]).toEqual([summary.textContent, true, true]);
    }
  });

  it('keeps a tool line of a right-to-left widget in reading order: the name isolated from the words around it', async () => {
    const bytes = encoder.encode(TURN);
    const held = TURN.indexOf('a:{"toolCallId":"t2"');
    const viewer = scriptedViewer(() => [bytes.slice(0, held), bytes.slice(held)], { gated: true });
    const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub" lang="ar" dir="rtl"></flowbot-chat>`);
    await until(() => viewer.calls.some((c) => c.url.includes('/streamMessage')));
    viewer.release();
    /** Where the line's text is drawn, and where the tool's name is, from the left. */
    const boxes = (line: Element) => {
      const said = line.querySelector('.fb-tool-said')!;
      const all = document.createRange();
      all.selectNodeContents(said);
      const name = [...said.querySelectorAll('bdi')].find((b) => b.textContent === 'Read document');
      const box = name?.getBoundingClientRect();
      const whole = all.getBoundingClientRect();
      return {
        text: said.textContent,
        name: box && [Math.round(box.left), Math.round(box.right)],
        whole: [Math.round(whole.left), Math.round(whole.right)],
      };
    };
    // Once the Arabic words are there (a line drawn before they arrive takes them when they do).
    const running = await until(() => {
      const line = $(el, '.streaming .fb-tool[data-state="running"]');
      return line?.textContent?.includes('قيد التشغيل') ? line : undefined;
    });
    // Read from the right: what happens, in Arabic, then the name; nothing of the line drawn past the name's left.
    const live = boxes(running);
    expect(live.text).toBe('قيد التشغيل: Read document');
    expect(live.name?.[0]).toBe(live.whole[0]);
    expect(live.name![1]).toBeLessThan(live.whole[1]!);
    viewer.release();
    await answered(el);
    // Done or failed: the name first (at the right), then what came of it.
    const failed = boxes(answerOf(el).querySelector('.fb-tool[data-state="failed"]')!);
    expect(failed.text).toBe('Read document: فشل');
    expect(failed.name?.[1]).toBe(failed.whole[1]);
    expect(failed.name![0]).toBeGreaterThan(failed.whole[0]!);
  });

  it('stops the running spinner for visitors who prefer reduced motion, and says what runs in words', async () => {
    const bytes = encoder.encode(TURN);
    const held = TURN.indexOf('a:{"toolCallId":"t2"');
    const viewer = scriptedViewer(() => [bytes.slice(0, held), bytes.slice(held)], { gated: true });
    const reduce = (value: string) =>
      cdp().send('Emulation.setEmulatedMedia', { media: '', features: [{ name: 'prefers-reduced-motion', value }] });
    try {
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await until(() => viewer.calls.some((c) => c.url.includes('/streamMessage')));
      viewer.release();
      const icon = await until(() => $(el, '.streaming .fb-tool[data-state="running"] .fb-tool-icon'));
      // The spinner is decoration: the words say it runs.
      expect(icon.getAttribute('aria-hidden')).toBe('true');
      expect(icon.closest('.fb-tool')!.textContent).toContain('Reading document…');
      await reduce('no-preference');
      expect(getComputedStyle(icon).animationName).toBe('fb-spin');
      expect(icon.getAnimations().some((a) => a.playState === 'running')).toBe(true);
      await reduce('reduce');
      expect(getComputedStyle(icon).animationName).toBe('none');
      expect(icon.getAnimations()).toEqual([]);
      // Still drawn, as a still ring.
      expect(icon.getBoundingClientRect().width).toBeGreaterThan(4);
      expect(getComputedStyle(icon).borderTopStyle).toBe('dotted');
      viewer.release();
      await answered(el);
    } finally {
      await reduce('no-preference');
    }
  });

  it('reads the same however the parts are split across chunks', async () => {
    const bytes = encoder.encode(TURN);
    for (const size of [1, 7, 64]) {
      const cuts = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => i * size);
      const viewer = scriptedViewer(() => chunksOf(bytes, cuts));
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await answered(el);
      const bubble = answerOf(el);
      expect(bubble.querySelectorAll('.fb-tool').length).toBe(2);
      expect(bubble.querySelectorAll('[part="agent-sources"] a').length).toBe(1);
      expect(continues(viewer.calls).map((c) => c.body)).toEqual([{ message: { type: 'text', text: REPLY } }]);
      el.remove();
      vi.restoreAllMocks();
    }
  });

  it('describes the answer’s Copy and thumbs by its text alone: not the folded thinking, the tools or the sources', async () => {
    scriptedViewer(() => [encoder.encode(TURN)]);
    const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
    await answered(el);
    const row = answerOf(el).closest('.row')!;
    const buttons = await until(() => {
      const found = [...row.querySelectorAll<HTMLButtonElement>('[part~="actions"] button')];
      return found.length === 3 && found;
    });
    for (const button of buttons) {
      const description = el.shadowRoot!.getElementById(button.getAttribute('aria-describedby')!)!;
      expect(description.textContent).toBe('You can ask for a refund within 14 days.');
    }
  });

  it('is gone round by Tab once entered: its open folds, its sources, then Copy and the thumbs, never what is folded', async () => {
    scriptedViewer(() => [encoder.encode(TURN)]);
    const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
    await answered(el);
    await until(() => part(el, 'menu-button'));
    const row = answerOf(el).closest<HTMLElement>('.row')!;
    part<HTMLElement>(el, 'messages')!.focus();
    for (let i = 0; i < 5 && el.shadowRoot!.activeElement !== row; i++) await userEvent.keyboard('{ArrowUp}');
    await userEvent.keyboard('{Enter}');
    const visited: string[] = [];
    for (let i = 0; i < 12 && el.shadowRoot!.activeElement !== row; i++) {
      const at = el.shadowRoot!.activeElement!;
      visited.push(at.getAttribute('aria-label') ?? at.textContent!.trim());
      await userEvent.keyboard('{Tab}');
    }
    expect(el.shadowRoot!.activeElement).toBe(row);
    expect(visited).toEqual([
      'Thinking',
      'Used 2 tools',
      'example.comRefund policy',
      'Copy answer',
      'Good answer',
      'Bad answer',
    ]);
  });

  it('shows <think> at the start of the text as thinking, never in the answer, and replies with the text unchanged', async () => {
    const text =
      '<think>Refunds are in the notes.\nCheck the days.</think>\n\nWithin **14 days**.\n\nSources:\n- [Refund policy](https://example.com/refunds)\n- [Bad](javascript:alert(1))';
    const viewer = scriptedViewer(() => [encoder.encode(line('0', text) + line('d', { finishReason: 'stop' }))]);
    const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
    await answered(el);
    const bubble = parts(el, 'bot-message').find((b) => b.textContent?.includes('14 days'))!;
    expect(bubble.querySelector('.fb-content')!.textContent).not.toContain('Refunds are in the notes');
    const thinking = bubble.querySelector<HTMLDetailsElement>('[part="agent-thinking"]')!;
    expect(thinking.querySelector('.fb-thinking-text')!.textContent).toBe('Refunds are in the notes.\nCheck the days.');
    // A list with an unsafe link is not a sources list: it stays in the answer, without the link.
    expect(bubble.querySelector('[part="agent-sources"]')).toBeNull();
    expect(bubble.querySelector('a[href^="javascript"]')).toBeNull();
    expect(continues(viewer.calls).map((c) => c.body)).toEqual([{ message: { type: 'text', text } }]);
  });

  it("draws the thinking and sources of a complete answer that was not streamed (the streams' file fetched for it)", async () => {
    const markdown =
      '<think>The notes say 14 days.</think>\n\nWithin **14 days**.\n\nSources:\n- [Refund policy](https://example.com/refunds)';
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      if (!request.url.includes('/startChat')) return Response.json({ messages: [] });
      return Response.json({
        sessionId: 's-1',
        resultId: 'r-1',
        flowbot: { id: 'b', version: '1' },
        messages: [
          { id: 'plain', type: 'text', content: { type: 'markdown', markdown: 'Plain **markdown**.' } },
          { id: 'agent', type: 'text', content: { type: 'markdown', markdown } },
        ],
        input: { id: 'next', type: 'text input' },
      });
    });
    const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
    await until(() => botTexts(el).some((text) => text.includes('14 days')), 8000);
    const bubble = parts(el, 'bot-message').find((b) => b.textContent?.includes('14 days'))!;
    const thinking = bubble.querySelector('[part="agent-thinking"]');
    expect(thinking?.querySelector('.fb-thinking-text')!.textContent).toBe('The notes say 14 days.');
    expect(bubble.querySelector('.fb-content')!.textContent).not.toContain('The notes say');
    expect([...bubble.querySelectorAll('[part="agent-sources"] a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/refunds',
    ]);
    // The plain markdown answer beside it: drawn with its markdown, no agent's parts.
    const plain = parts(el, 'bot-message').find((b) => b.textContent?.includes('Plain'))!;
    expect(plain.querySelector('strong')!.textContent).toBe('markdown');
    expect(plain.querySelector('[part^="agent"]')).toBeNull();
  });

  it('makes a trailing Sources list and numbered link references into chips', async () => {
    const text =
      'Within 14 days [1].\n\n**Sources:**\n- [Refund policy](https://example.com/refunds)\n- https://shop.example.org/terms Terms\n\n[2]: https://help.example.net/a "Help centre"';
    scriptedViewer(() => [encoder.encode(line('0', text) + line('d', { finishReason: 'stop' }))]);
    const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
    await answered(el);
    const bubble = parts(el, 'bot-message').find((b) => b.textContent?.includes('14 days'))!;
    expect(bubble.querySelector('.fb-content')!.textContent).toBe('Within 14 days [1].');
    const chips = [...bubble.querySelectorAll<HTMLAnchorElement>('[part="agent-sources"] a')];
    expect(chips.map((a) => [a.hostname, a.querySelector('.fb-source-title')?.textContent])).toEqual([
      ['example.com', 'Refund policy'],
      ['shop.example.org', 'Terms'],
      ['help.example.net', 'Help centre'],
    ]);
  });

  it('uses the site’s words for its tools (tool-names), and keeps the thinking open once opened while streaming', async () => {
    const head = TURN.slice(0, TURN.indexOf('0:'));
    const viewer = scriptedViewer(() => [encoder.encode(head), encoder.encode(TURN.slice(head.length))], {
      gated: true,
    });
    const el = await fixture<FlowbotChat>(
      html`<flowbot-chat public-id="stub" tool-names='{"search_knowledge_base":"Looking in our help centre"}'></flowbot-chat>`,
    );
    await until(() => viewer.calls.some((c) => c.url.includes('/streamMessage')));
    viewer.release();
    const thinking = await until(() => $<HTMLDetailsElement>(el, '.streaming [part="agent-thinking"]'));
    expect(part(el, 'agent-tools')!.textContent).toContain('Looking in our help centre: done');
    await userEvent.click(thinking.querySelector('summary')!);
    expect(thinking.open).toBe(true);
    viewer.release();
    await answered(el);
    const after = answerOf(el).querySelector<HTMLDetailsElement>('[part="agent-thinking"]')!;
    expect(after.open).toBe(true);
    expect(after.textContent).toContain('I will search the notes.');
  });

  it('marks a call cut off mid-stream as failed, keeps what arrived, and offers Try again', async () => {
    const cut = TURN.indexOf('l:') === -1 ? TURN.indexOf('9:{"toolCallId":"t2"') : 0;
    const bytes = encoder.encode(TURN.slice(0, cut));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    scriptedViewer(() => [bytes]);
    const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
    const row = await until(() => $(el, '.interrupted'), 8000);
    const states = [...row.querySelectorAll('.fb-tool')].map((l) => l.getAttribute('data-state'));
    expect(states).toEqual(['done', 'failed']);
    expect(row.querySelector('.streaming')!.getAttribute('aria-busy')).toBe('false');
    expect(part(el, 'retry-button')).not.toBeNull();
  });

  it('keeps a megabyte of arguments and ten thousand calls bounded, readable and without a long task', async () => {
    // A megabyte's line (the decoder's longest is 1 MiB) and ten thousand calls, within the 2 MiB a stream may hold.
    const huge = 'x'.repeat(1000 * 1000);
    const calls = Array.from(
      { length: 10_000 },
      (_, i) =>
        line('b', { toolCallId: `c${i}`, toolName: `tool_${i}` }) + line('a', { toolCallId: `c${i}`, result: i }),
    ).join('');
    const body =
      line('b', { toolCallId: 'big', toolName: 'bulk_import' }) +
      line('9', { toolCallId: 'big', toolName: 'bulk_import', args: { data: huge } }) +
      line('a', { toolCallId: 'big', result: 'imported' }) +
      calls +
      line('0', 'Done.') +
      line('d', { finishReason: 'stop' });
    const bytes = encoder.encode(body);
    scriptedViewer(() => chunksOf(bytes, [bytes.length >> 1]));
    let longest = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
    });
    observer.observe({ type: 'longtask', buffered: false });
    const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
    await answered(el);
    for (const entry of observer.takeRecords()) longest = Math.max(longest, entry.duration);
    observer.disconnect();
    const bubble = parts(el, 'bot-message').find((b) => b.textContent?.includes('Done.'))!;
    expect(bubble.querySelectorAll('.fb-tool').length).toBe(50);
    expect(bubble.querySelector('[part="agent-tools"] summary')!.textContent).toBe('Used 10,001 tools');
    expect(bubble.querySelector('.fb-tool-more')!.textContent).toBe('9,951 more');
    const shown = bubble.querySelector('.fb-tool pre')!.textContent!;
    expect(shown.length).toBeLessThanOrEqual(2001);
    expect(bubble.getBoundingClientRect().height).toBeLessThan(400);
    // Read in slices: 61 ms here at most (the 100 ms budget is the bench's); this only catches a frozen page.
    expect(longest).toBeLessThan(250);
  });

  it('draws nothing of a malformed or unknown part, and never runs what a server sends as a name', async () => {
    const body =
      'b:{"toolCallId":1,"toolName":"x"}\n' +
      'b:not json\n' +
      'z:{"anything":true}\n' +
      line('b', { toolCallId: 'h', toolName: '<img src=x onerror="window.__pwned=1">' }) +
      line('a', { toolCallId: 'h', result: '<script>window.__pwned=1</script>' }) +
      line('0', 'Fine.') +
      line('d', { finishReason: 'stop' });
    scriptedViewer(() => [encoder.encode(body)]);
    const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
    await answered(el);
    const bubble = parts(el, 'bot-message').find((b) => b.textContent?.includes('Fine.'))!;
    expect($$(el, 'img[src="x"]')).toHaveLength(0);
    expect(bubble.querySelectorAll('.fb-tool')).toHaveLength(1);
    bubble.querySelector<HTMLElement>('[part="agent-tools"] summary')!.click();
    bubble.querySelector<HTMLElement>('.fb-tool summary')!.click();
    expect([...bubble.querySelectorAll('.fb-tool pre')].at(-1)!.textContent).toContain('<script>');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
