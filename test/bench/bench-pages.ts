/**
 * The benchmark's pages (`/<name>.html`), made by the page server (`servers.ts`) from one table:
 * each row says what a page has of its own, and `htmlDocument` writes the rest. Every page starts
 * with `__MEASURE__` (`pages/measure.js`, the report through `window.__bench` and the helpers the
 * pages share), the answer pages with `__INTERACTION__` too (`pages/interaction.js`); the server
 * fills these in, `__FIRST_BASELINE__` (`pages/floor-first.js`), `__API__`, `__QUESTION__`, and
 * from each request's query `__ID__` and `__COUNT__`. The pages' own scripts are ES5, as a
 * customer's page may be.
 */
import { htmlDocument } from '../support/html-document.js';

/** A benchmark page: its title, the script its head runs after the measure (and `interaction.js`), and the rest. */
interface BenchPage {
  readonly title: string;
  readonly script?: string;
  readonly interaction?: true;
  readonly style?: string;
  readonly body: readonly string[];
}

const widgetCode = '<script src="/flowbot-chat.iife.js"></script>';
const chat = '<flowbot-chat public-id="__ID__" api-host="__API__"></flowbot-chat>';
/** The host page the widget or the baseline's lines sit in. */
const customersPage = (...content: string[]) => ['<main>', "<h1>A customer's page</h1>", ...content, '</main>'];
/** Where the first-message baselines write the first message's text (their settings in its attributes). */
const messageTarget = '<p id="message" data-api="__API__" data-id="__ID__"></p>';
const openingHours = `<!-- The host page's own content below the chat: it must not move while the chat loads or grows. -->
<section id="below">
  <h2>Opening hours</h2>
  <p>Monday to Friday, 9:00 to 18:00. Saturday, 10:00 to 14:00. Closed on Sundays and public holidays.</p>
  <p>Orders placed before noon leave the warehouse the same day; the others leave the next working day.</p>
</section>`;
const inline = (code: string) => `<script>\n${code}\n</script>`;

const pages: Record<string, BenchPage> = {
  'widget-first': {
    title: 'Widget: first message',
    script: `// The widget's first bot message, on screen.
__bench.onFirstMessage(function (host) {
  __bench.botMessages(host, 1, 'firstMessage').then(function () {
    __bench.finish();
  });
});`,
    body: [...customersPage(chat), widgetCode, inline('__bench.marks.scriptEvaluated = performance.now();')],
  },
  'baseline-first': {
    title: 'Baseline: first message',
    body: [
      ...customersPage(messageTarget),
      `<!-- The bare minimum, inline: the same startChat request the widget sends, the first message's
     text. The floor page loads the very same lines from a file (floor-first.js). -->`,
      inline('__FIRST_BASELINE__'),
    ],
  },
  'floor-first': {
    title: 'Floor: first message from one script file',
    body: [
      ...customersPage(messageTarget),
      "<!-- The baseline's few lines, but in a file of their own: what any script-tag widget waits for first. -->",
      '<script src="/floor-first.js"></script>',
    ],
  },
  'widget-long': {
    title: 'Widget: a long conversation',
    script: `// All __COUNT__ bot messages of the start response, on screen.
__bench.onFirstMessage(function (host) {
  __bench.botMessages(host, __COUNT__, 'allMessages').then(function () {
    __bench.finish({ shown: host.shadowRoot.querySelectorAll('[part~="bot-message"]').length });
  });
});`,
    body: [...customersPage(chat), widgetCode],
  },
  'baseline-long': {
    title: 'Baseline: a long conversation',
    style: `/* The widget's transcript is a scroll box of the panel's default height. */
#log { height: 600px; overflow: auto; }`,
    body: [
      ...customersPage('<div id="log"></div>'),
      inline(`// The same startChat request, then one plain element per message.
__bench
  .post('__API__/api/v1/flowbots/__ID__/startChat', { isStreamEnabled: true })
  .then(function (response) {
    return response.json();
  })
  .then(function (body) {
    var log = document.getElementById('log');
    for (var i = 0; i < body.messages.length; i++) {
      var p = document.createElement('p');
      p.textContent = body.messages[i].content.richText[0].children[0].text;
      log.append(p);
    }
    return __bench.painted(function () {
      return log.childElementCount >= __COUNT__;
    }, 'allMessages');
  })
  .then(function () {
    __bench.finish({ shown: document.getElementById('log').childElementCount });
  }, __bench.fail);`),
    ],
  },
  'widget-grid': {
    title: 'Widget: __COUNT__ on one page',
    script: `// Every widget's first bot message, on screen.
var started = 0;
document.addEventListener(
  'flowbot-message',
  function () {
    if (++started !== 1) return;
    __bench
      .painted(function () {
        var hosts = document.querySelectorAll('flowbot-chat');
        for (var i = 0; i < hosts.length; i++) {
          if (!hosts[i].shadowRoot || !hosts[i].shadowRoot.querySelector('[part~="bot-message"]')) return false;
        }
        return hosts.length === __COUNT__;
      }, 'allFirstMessages')
      .then(function () {
        __bench.finish();
      });
  },
  { capture: true },
);`,
    style: `/* All of them in view, so all of them are painted. */
.grid { display: grid; grid-template-columns: repeat(5, 1fr); gap: 4px; }
flowbot-chat { --flowbot-panel-height: 170px; min-width: 0; }`,
    body: [
      '<main class="grid"></main>',
      inline(`for (var i = 0; i < __COUNT__; i++) {
  var el = document.createElement('flowbot-chat');
  el.setAttribute('public-id', '__ID__');
  el.setAttribute('api-host', '__API__');
  document.querySelector('.grid').append(el);
}`),
      widgetCode,
    ],
  },
  'baseline-grid': {
    title: 'Baseline: __COUNT__ on one page',
    style: `.grid { display: grid; grid-template-columns: repeat(5, 1fr); gap: 4px; }
.grid p { height: 170px; margin: 0; }`,
    body: [
      '<main class="grid"></main>',
      inline(`// __COUNT__ startChat requests at once, each first message's text in its own box.
var grid = document.querySelector('.grid');
var pending = [];
for (var i = 0; i < __COUNT__; i++) {
  var p = document.createElement('p');
  grid.append(p);
  pending.push(
    __bench
      .post('__API__/api/v1/flowbots/__ID__/startChat', { isStreamEnabled: true })
      .then(function (response) {
        return response.json();
      })
      .then(
        function (target, body) {
          target.textContent = body.messages[0].content.richText[0].children[0].text;
        }.bind(null, p),
      ),
  );
}
Promise.all(pending)
  .then(function () {
    return __bench.painted(function () {
      return true;
    }, 'allFirstMessages');
  })
  .then(function () {
    __bench.finish();
  }, __bench.fail);`),
    ],
  },
  'widget-stream': {
    title: 'Widget: a streamed answer',
    script: `// Long tasks while the answer streams, and when it started and ended.
var longestTask = __bench.streamTasks();
var asked = false;
document.addEventListener('flowbot-input', function (event) {
  if (asked) return;
  asked = true;
  __bench.marks.streamStart = performance.now();
  event.target.send('__QUESTION__');
});
document.addEventListener('flowbot-message', function (event) {
  var content = event.detail.message.content;
  if (!content || content.type !== 'markdown') return;
  __bench.marks.streamEnd = performance.now();
  __bench.marks.longestTask = longestTask();
  __bench.finish();
});`,
    body: [...customersPage(chat), widgetCode],
  },
  'baseline-stream': {
    title: 'Baseline: a streamed answer',
    script: 'var longestTask = __bench.streamTasks();',
    body: [
      ...customersPage('<p id="answer"></p>'),
      inline(`// The bare minimum: start, ask, then append each streamed piece with textContent +=.
var post = function (path, body) {
  return __bench.post('__API__' + path, body);
};
var target = document.getElementById('answer');
post('/api/v1/flowbots/__ID__/startChat', { isStreamEnabled: true })
  .then(function (response) {
    return response.json();
  })
  .then(function (start) {
    __bench.marks.streamStart = performance.now();
    return post('/api/v1/sessions/' + start.sessionId + '/continueChat', { message: '__QUESTION__' }).then(function (r) {
      return r.json().then(function () {
        return post('/api/v2/sessions/' + start.sessionId + '/streamMessage', {});
      });
    });
  })
  .then(function (response) {
    var reader = response.body.getReader();
    var decoder = new TextDecoder();
    var pending = '';
    function pump() {
      return reader.read().then(function (chunk) {
        if (chunk.done) return;
        pending += decoder.decode(chunk.value, { stream: true });
        var lines = pending.split('\\n');
        pending = lines.pop();
        lines.forEach(function (line) {
          if (line.slice(0, 2) === '0:') target.textContent += JSON.parse(line.slice(2));
        });
        return pump();
      });
    }
    return pump();
  })
  .then(function () {
    __bench.marks.streamEnd = performance.now();
    __bench.marks.longestTask = longestTask();
    __bench.finish();
  }, __bench.fail);`),
    ],
  },
  'widget-answer': {
    title: 'Widget: first message, then an answer',
    interaction: true,
    script: `// The first bot message on screen, then the visitor's bubble after the Enter, then the end of the flow.
__bench.onFirstMessage(function (host) {
  __bench.botMessages(host, 1, 'firstMessage').then(__bench.loaded);
  __bench.watchAnswer(function () {
    return host.shadowRoot.querySelector('[part~="user-message"]');
  });
});
// The greeting flow ends with the answer: the widget then shows its end.
document.addEventListener(
  'flowbot-end',
  function () {
    __bench.painted(function () {
      return true;
    }, 'end').then(__bench.answered);
  },
  { capture: true, once: true },
);`,
    body: customersPage(
      "<!-- As the README's snippet: the line, then the element (which it then keeps at its height). -->",
      widgetCode,
      chat,
      openingHours,
    ),
  },
  'floor-answer': {
    title: 'Floor: first message, then an answer, from one script file',
    interaction: true,
    style: `/* A chat box of the widget's default height, given by the page, so nothing below it moves. */
#chat { display: flex; flex-direction: column; height: 600px; }
#log { flex: 1; overflow: auto; margin: 0; padding: 0; list-style: none; }
#log .user { text-align: end; }`,
    body: [
      ...customersPage(
        `<section id="chat" data-api="__API__" data-id="__ID__">
  <ol id="log"></ol>
  <form id="composer">
    <input id="answer" name="answer" autocomplete="off" aria-label="Your answer" disabled />
    <button>Send</button>
  </form>
</section>`,
        openingHours,
      ),
      '<!-- The bare minimum of a chat box in a file of its own, loaded with one <script src> as a widget is. -->',
      '<script src="/floor-answer.js"></script>',
    ],
  },
};

/** The pages by name, in the table's order, their placeholders not yet filled in. */
export const benchPages = (): [name: string, html: string][] =>
  Object.entries(pages).map(([name, { title, script, interaction, style, body }]) => [
    name,
    htmlDocument({
      title,
      noViewport: true,
      head: [
        inline(['__MEASURE__', ...(interaction ? ['__INTERACTION__'] : []), ...(script ? [script] : [])].join('\n')),
        ...(style ? [`<style>\n${style}\n</style>`] : []),
      ],
      body,
    }),
  ]);
