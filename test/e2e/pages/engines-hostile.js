// A hostile viewer inside the page, and a clock that notices when the page stops answering.
//
// Within the 2 MB a response may weigh (the widget shows them, shortened):
// `?case=leaf`: startChat answers with one text leaf of 1,990,000 unbroken characters.
// `?case=messages`: startChat answers with 16,000 text messages (about 1.9 MB of JSON).
// Over it (the widget refuses them, unread beyond 2 MB, with an error and a Retry):
// `?case=huge`: 12 MB of valid JSON (100,000 messages and a padding field).
// `?case=endless`: a body that never ends, in 64 KB pieces, as fast as it is read.
// `?case=gzip-bomb`: the reference server's own startChat (of its `support` flow), answered with its
// `gzip-bomb` fault (a ~1 MB gzip that inflates to 1 GB, with Content-Encoding: gzip: the browser
// inflates it).
//
// The body is built and encoded at load, before anything is measured. The widget's startChat
// then waits until the run calls `__hostile.go()`, which starts a 16 ms interval and, 250 ms
// later, hands the body over; `__hostile.stop()` ends the interval two frames and 100 ms after
// the run has seen the response rendered. Each tick records how late it fired (time since the previous tick,
// minus 16 ms): a task that blocks the page for N ms makes one tick up to N ms late.
(() => {
  const kind = new URLSearchParams(location.search).get('case') || 'leaf';
  const text = (id, value) => ({
    id,
    type: 'text',
    content: { type: 'richText', richText: [{ type: 'p', children: [{ text: value }] }] },
  });
  const messages =
    kind === 'messages'
      ? Array.from({ length: 16000 }, (_, i) => text(`m${i}`, `Message ${i}`))
      : kind === 'huge'
        ? Array.from({ length: 100000 }, (_, i) => text(`m${i}`, `Message ${i}`))
        : [text('m1', 'W'.repeat(1990000))];
  const json = JSON.stringify({
    sessionId: 'hostile-session',
    resultId: 'hostile-result',
    flowbot: { id: 'hostile-bot', version: '1' },
    messages,
    input: { id: 'in-1', type: 'text input' },
    ...(kind === 'huge' ? { padding: 'x'.repeat(2.5 * 1024 * 1024) } : {}),
  });
  // What the widget refuses unread is never parsed: no floor to measure.
  const refused = kind === 'huge' || kind === 'endless' || kind === 'gzip-bomb';
  const bytes = kind === 'endless' || kind === 'gzip-bomb' ? new Uint8Array(0) : new TextEncoder().encode(json);
  // What no widget can avoid once it reads the body: decoding and parsing it, in this engine on
  // this machine. Measured by `go()` in a quiet page, the better of two tries.
  const parseFloor = () => {
    let best = Infinity;
    for (let i = 0; i < 2; i++) {
      const began = performance.now();
      JSON.parse(new TextDecoder().decode(bytes));
      best = Math.min(best, performance.now() - began);
    }
    return best;
  };

  const state = {
    kind,
    refused,
    bodyBytes: bytes.byteLength,
    // Bytes of the body the widget read (a stream of this page: `endless`).
    pulled: 0,
    // The message of the widget's last `flowbot-error`.
    lastError: '',
    parseMs: 0,
    requests: [],
    // loaded → idle (the clock runs, nothing to render yet) → render (the body handed over) → done
    phase: 'loaded',
    ticks: 0,
    idleWorst: 0,
    worst: 0,
    lateOver50: 0,
    // When the worst tick fired, in ms after the body was handed over; and what the widget's own
    // reading of the body cost: `text()` (call to result) and its longest JSON.parse.
    worstAt: 0,
    textMs: 0,
    longestParseMs: 0,
    // When the first bot message reached the DOM, and the first frame after it ran (ms after the
    // hand-over): script work before the first, style and layout between the two.
    commitAt: 0,
    frameAt: 0,
    visibility: document.visibilityState,
  };
  let release;
  const released = new Promise((resolve) => (release = resolve));
  let timer;
  let last = 0;
  let handedOver = 0;

  // Called by the run, each in a task of its own: measures the floor, then starts the clock.
  state.go = () => {
    if (state.phase !== 'loaded') return;
    state.parseMs = refused ? 0 : parseFloor();
    state.phase = 'idle';
    const root = document.querySelector('flowbot-chat').shadowRoot;
    const commit = new MutationObserver(() => {
      if (!root.querySelector('[part~="bot-message"]')) return;
      commit.disconnect();
      state.commitAt = performance.now() - handedOver;
      requestAnimationFrame(() => (state.frameAt = performance.now() - handedOver));
    });
    commit.observe(root, { subtree: true, childList: true });
    last = performance.now();
    timer = setInterval(() => {
      const now = performance.now();
      const late = now - last - 16;
      last = now;
      if (state.phase === 'idle') {
        if (late > state.idleWorst) state.idleWorst = late;
        return;
      }
      state.ticks++;
      if (late > state.worst) {
        state.worst = late;
        state.worstAt = now - handedOver;
      }
      if (late > 50) state.lateOver50++;
    }, 16);
    // A quarter second of the clock alone: how late ticks are on this machine with nothing to do.
    setTimeout(() => {
      state.phase = 'render';
      state.visibility = document.visibilityState;
      handedOver = performance.now();
      release();
    }, 250);
  };
  state.stop = () => {
    // After the layout and paint of what was rendered.
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          clearInterval(timer);
          if (document.visibilityState !== 'visible') state.visibility = document.visibilityState;
          state.phase = 'done';
        }, 100),
      ),
    );
  };
  window.__hostile = state;
  addEventListener('flowbot-error', (event) => (state.lastError = String(event.detail && event.detail.error)));

  const parse = JSON.parse;
  JSON.parse = function (...args) {
    const began = performance.now();
    try {
      return parse.apply(this, args);
    } finally {
      if (state.phase === 'render') state.longestParseMs = Math.max(state.longestParseMs, performance.now() - began);
    }
  };

  const realFetch = window.fetch.bind(window);
  const piece = new TextEncoder().encode(' '.repeat(64 * 1024));
  window.fetch = async (input, init) => {
    const request = new Request(input, init);
    state.requests.push(request.url);
    if (request.url.includes('/startChat')) {
      await released;
      if (kind === 'gzip-bomb') {
        // A flow the server has (this page's bot is no flow of it): its start, answered with the bomb.
        const headers = new Headers(request.headers);
        headers.set('x-reference-fault', 'gzip-bomb');
        const url = request.url.replace('/flowbots/hostile/', '/flowbots/support/');
        return realFetch(
          new Request(url, {
            method: 'POST',
            headers,
            body: await request.text(),
            signal: request.signal,
            redirect: 'manual',
          }),
        );
      }
      const body =
        kind === 'endless'
          ? new ReadableStream({
              start: (controller) => controller.enqueue(new TextEncoder().encode('{"messages":[],"padding":"')),
              pull: (controller) => {
                state.pulled += piece.length;
                controller.enqueue(piece);
              },
            })
          : bytes;
      const response = new Response(body, { headers: { 'content-type': 'application/json' } });
      const text = response.text.bind(response);
      response.text = () => {
        const began = performance.now();
        return text().finally(() => (state.textMs = performance.now() - began));
      };
      return response;
    }
    // Anything else (a client log, say) is accepted and ignored: nothing leaves the page.
    return new Response('{}', { headers: { 'content-type': 'application/json' } });
  };
})();
