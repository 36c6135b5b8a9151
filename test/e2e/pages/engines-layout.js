// A scripted viewer for the layout scenario: startChat and each continueChat answer from the list
// below, in order, with no server, so every engine sees the same conversation. Media come from
// the reference server (__API__). `window.__viewer.calls` counts what was asked.
(function () {
  const assets = '__API__/demo-assets/';
  const text = (id, words) => ({
    id,
    type: 'text',
    content: { type: 'richText', richText: [{ type: 'p', children: [{ text: words }] }] },
  });
  const three = (step) =>
    [1, 2, 3].map((i) => text(`${step}-${i}`, `Step ${step}, message ${i}: ${'a few words of text '.repeat(i)}`));
  const choices = ['Red', 'Green', 'Blue', 'Yellow', 'Purple', 'Orange'].map((content, i) => ({
    id: `c${i}`,
    content,
  }));
  const pictures = ['cat', 'dog', 'fox'].map((name) => ({ id: name, title: name, pictureSrc: `${assets}${name}.svg` }));
  const turns = [
    { messages: three('2'), input: { id: 'email', type: 'email input' } },
    { messages: three('3'), input: { id: 'choose', type: 'choice input', items: choices } },
    { messages: three('4'), input: { id: 'number', type: 'number input' } },
    {
      messages: [...three('5'), { id: 'audio', type: 'audio', content: { url: `${assets}chime.wav` } }],
      input: { id: 'pet', type: 'picture choice input', items: pictures },
    },
    { messages: three('6'), input: { id: 'last', type: 'text input' } },
    { status: 500, body: { message: 'The viewer failed' } },
    {
      messages: three('7'),
      input: { id: 'rate', type: 'rating input', options: { buttonType: 'Numbers', startsAt: 1, length: 5 } },
    },
    { messages: three('8'), input: { id: 'more', type: 'text input' } },
  ];
  const start = {
    sessionId: 'layout',
    resultId: 'r',
    flowbot: { id: 'layout', version: '1' },
    messages: three('1'),
    input: { id: 'text', type: 'text input' },
  };
  window.__viewer = { calls: 0, start: 0 };
  const real = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith('https://viewer.invalid/')) return real(input, init);
    let reply = { messages: [] };
    if (url.includes('/startChat')) {
      window.__viewer.start++;
      reply = start;
    } else if (url.includes('/continueChat')) {
      reply = turns[window.__viewer.calls++] ?? reply;
    }
    const status = reply.status ?? 200;
    return new Response(JSON.stringify(reply.body ?? reply), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
})();
