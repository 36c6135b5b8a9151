/**
 * The e2e site's pages (`/<name>.html`), made by `test/e2e/serve.ts` from one table: each row says
 * what a page has of its own (its title, what its head adds, its body), and `htmlDocument` writes
 * the rest, the same for every page. `__API__` stands for the reference server's URL, as in the files
 * of pages/ (the scripts the pages load).
 */
import { htmlDocument, type HtmlPage } from '../support/html-document.js';

/** The script-tag line, as the README gives it. */
const widgetCode = '<script src="/flowbot-chat.iife.js"></script>';
const pagesCss = '<link rel="stylesheet" href="/pages.css" />';
/** Before anything else on the three engines' pages: what the engine run watches (see the file). */
const engineWatch = '<script src="/engines-watch.js"></script>';
const script = (src: string) => `<script src="/${src}"></script>`;
/** A `<flowbot-chat>` with these attributes, its viewer the e2e reference server. */
const chat = (attributes: string) => `<flowbot-chat ${attributes} api-host="__API__"></flowbot-chat>`;
/** A widget's look, as its `widget` attribute gives it. */
const look = (widget: Record<string, string>) => `widget='${JSON.stringify(widget)}'`;
/** Every message the widget announces, in `window.flowbotMessages`, for the test to count. */
const messageLog = `<script>
  window.flowbotMessages = [];
  document.addEventListener('flowbot-message', (e) => window.flowbotMessages.push(e.detail.message));
</script>`;
const shopIntro = '<p>Some page content a visitor reads before opening the chat.</p>';
const previewLine = 'Questions about an order? Ask here.';
/** The preview's events, in `window.previewEvents`, for the test to count. */
const previewLog = `<script>
  window.previewEvents = [];
  for (const type of ['flowbot-preview-show', 'flowbot-preview-dismiss'])
    document.addEventListener(type, (e) => window.previewEvents.push([type, e.detail]));
</script>`;
const changedMain = '<h1>A page whose CDN serves a changed flowbot-chat.main.js</h1>';

const pages: Record<string, HtmlPage> = {
  assistant: {
    title: 'AI assistant',
    head: [pagesCss],
    body: ['<h1>Ask the assistant</h1>', chat('public-id="assistant"'), messageLog, widgetCode],
  },
  'async-head': {
    title: "An article with the widget's line in the head, async",
    head: [
      `<!-- The README's lines, as a site owner pastes them into the <head>. -->
<script>
  window.Flowbot = window.Flowbot || { q: [], init: function (o) { this.q.push(o); } };
</script>
<script async src="/flowbot-chat.iife.js"></script>
<style>
  __RESERVE_CSS__
</style>
<script>
  Flowbot.init({ publicId: 'lead', apiHost: '__API__', target: '#later', persistKey: 'later' });
  document.addEventListener('DOMContentLoaded', () => (window.parsedAt = performance.now()));
</script>`,
    ],
    body: [
      '<h1>An article</h1>',
      `<p id="first-paragraph">The host page's text, drawn before the widget's file has arrived.</p>`,
      chat('id="inline" public-id="support"'),
      '<p id="below">Text below the widget, which must not move when the widget arrives.</p>',
      '<div id="later"></div>',
    ],
  },
  'bubble-quiet': {
    title: 'A shop with a quiet bubble',
    head: [pagesCss],
    body: [
      '<h1>Shop</h1>',
      '<p>A bubble with nothing to show until it is opened: no preview, no timed opening, nothing remembered.</p>',
      '<button id="elsewhere" type="button">Elsewhere on the page</button>',
      chat('mode="bubble" public-id="support"'),
      widgetCode,
    ],
  },
  'bubble-assistant': {
    title: 'A shop with an assistant in its bubble',
    head: [pagesCss],
    body: [
      '<h1>Shop</h1>',
      '<p>A bubble with nothing to show until it is opened, whose assistant asks a question in a text field.</p>',
      chat(`mode="bubble" public-id="assistant" ${look({ subTitle: 'We answer at once', primaryColor: '#7c3aed' })}`),
      widgetCode,
    ],
  },
  'bubble-preview': {
    title: 'A shop whose bubble has a preview',
    head: [pagesCss, previewLog],
    body: [
      '<h1>Shop</h1>',
      shopIntro,
      '<button id="elsewhere" type="button">Elsewhere on the page</button>',
      chat(`mode="bubble" public-id="support" preview="${previewLine}" preview-delay="0.5"`),
      widgetCode,
    ],
  },
  'bubble-preview-de': {
    title: 'Ein Laden mit einer Vorschau',
    html: 'lang="de"',
    head: [pagesCss, previewLog],
    body: [
      '<h1>Laden</h1>',
      chat('mode="bubble" public-id="support" preview="Fragen zu einer Bestellung?" preview-delay="0"'),
      widgetCode,
    ],
  },
  'bubble-quiet-dark': {
    title: 'A shop with a quiet dark bubble',
    head: [pagesCss],
    body: ['<h1>Shop</h1>', chat('mode="bubble" color-scheme="dark" public-id="support"'), widgetCode],
  },
  bubble: { title: 'Bubble widget', body: ['<h1>Shop</h1>', shopIntro, widgetCode, script('bubble-init.js')] },
  controls: {
    title: 'Every control',
    head: [pagesCss],
    body: [
      '<h1>Every control</h1>',
      '<flowbot-chat api-host="__API__"></flowbot-chat>',
      script('controls-init.js'),
      widgetCode,
    ],
  },
  'csp-lit-only-strict': {
    title: "Strict CSP with Trusted Types, Lit's policy only",
    noViewport: true,
    body: ['<h1>Strict page that allows only the policy lit-html</h1>', chat('public-id="support"'), widgetCode],
  },
  'csp-strict': {
    title: 'Strict CSP with Trusted Types',
    noViewport: true,
    body: [
      '<h1>Strict page</h1>',
      chat(`public-id="support" ${look({ title: 'Strict', primaryColor: '#b91c1c', secondaryColor: '#ffffff' })}`),
      widgetCode,
    ],
  },
  'csp-twice': {
    title: 'The script-tag file twice, under Trusted Types',
    noViewport: true,
    head: [engineWatch],
    body: ['<h1>A page that pastes the snippet twice</h1>', chat('public-id="support"'), widgetCode, widgetCode],
  },
  'engines-assistant': {
    title: 'Streamed answers (three engines)',
    head: [engineWatch],
    body: ['<h1>Ask the assistant</h1>', chat('public-id="assistant"'), messageLog, widgetCode],
  },
  'engines-bubble': {
    title: 'Bubble widget (three engines)',
    head: [engineWatch],
    body: [
      '<h1>Shop</h1>',
      shopIntro,
      widgetCode,
      `<script>
  window.chat = window.Flowbot.init({
    publicId: 'support',
    apiHost: '__API__',
    mode: 'bubble',
    widget: { title: 'Shop assistant', subTitle: 'Online', primaryColor: '#7c3aed', secondaryColor: '#ffffff' },
  });
</script>`,
    ],
  },
  'engines-bubble-cold': {
    title: 'A bubble whose widget code is slow to come (three engines)',
    head: [engineWatch],
    body: [
      '<h1>Shop</h1>',
      shopIntro,
      chat('mode="bubble" public-id="support"'),
      script('slow-main/flowbot-chat.iife.js'),
    ],
  },
  'engines-frame': {
    title: 'A viewport of a given size, for browsers whose window cannot be that small',
    noViewport: true,
    head: ['<style>\n  body { margin: 0; }\n  iframe { display: block; border: 0; }\n</style>'],
    body: ['<iframe title="The page under test"></iframe>', script('engines-frame.js')],
  },
  'engines-hostile': {
    title: 'Hostile viewer (three engines)',
    head: [
      engineWatch,
      '<!-- Replaces fetch before the widget loads: its startChat waits for the run to say go. -->',
      script('engines-hostile.js'),
    ],
    body: ['<h1>A page whose viewer is hostile</h1>', chat('public-id="hostile"'), widgetCode],
  },
  'engines-inline': {
    title: 'Inline widget (three engines)',
    head: [engineWatch],
    body: ['<h1>A plain page</h1>', chat('public-id="support"'), widgetCode],
  },
  'engines-layout': {
    title: 'Layout of a long conversation (three engines)',
    head: [
      engineWatch,
      '<!-- Before the widget: replaces fetch with a scripted viewer (see the file). -->',
      script('engines-layout.js'),
      '<style>\n  body { margin: 0; padding: 8px; font-family: sans-serif; }\n  flowbot-chat { height: 600px; }\n</style>',
    ],
    body: ['<flowbot-chat public-id="layout" api-host="https://viewer.invalid"></flowbot-chat>', widgetCode],
  },
  'engines-tabs': {
    title: 'A site open in two tabs (three engines)',
    html: 'lang="en" data-keep-storage',
    head: [
      engineWatch,
      `<script>
  // While \`window.deaf\` is on, this tab does not hear the other tabs (as if their news were
  // late): added before the widget's listener, it stops the event first.
  addEventListener(
    'storage',
    (event) => {
      if (window.deaf) event.stopImmediatePropagation();
    },
    true,
  );
</script>`,
    ],
    body: ['<h1>Help centre</h1>', script('tabs-init.js'), widgetCode],
  },
  'engines-tampered-main': {
    title: "The widget's code changed on its server (three engines)",
    head: [engineWatch],
    body: [changedMain, chat('public-id="support"'), script('tampered-main/flowbot-chat.iife.js')],
  },
  'engines-upload': {
    title: 'Upload (three engines)',
    head: [engineWatch],
    body: ['<h1>Send us a file</h1>', chat('public-id="one-file"'), widgetCode],
  },
  'faults-long': {
    title: 'Fifty questions',
    body: [
      '<h1>Order form</h1>',
      chat(
        `public-id="long" ${look({ title: 'Order assistant', subTitle: 'Fifty quick questions', primaryColor: '#1d4ed8', secondaryColor: '#ffffff' })}`,
      ),
      widgetCode,
    ],
  },
  'faults-mount': {
    title: 'Widgets that come and go',
    bodyAttributes: 'data-api="__API__"',
    body: ['<h1>A single-page app</h1>', '<main id="host"></main>', widgetCode],
  },
  'host-layouts': {
    title:
      "The inline widget in the page's own layout (?layout=block|grid|flex-row|flex-column|table-cell|inline-block, ?id=a flow)",
    head: [
      engineWatch,
      `<style>
  body { margin: 0; padding: 8px; font-family: sans-serif; }
  .grid { display: grid; grid-template-columns: 1fr; gap: 8px; }
  .flex-row { display: flex; gap: 8px; }
  .flex-column { display: flex; flex-direction: column; gap: 8px; }
  .inline-block { display: inline-block; }
  flowbot-chat { height: 560px; }
</style>`,
    ],
    body: [
      `<div id="layout">${chat('public-id="wide"')}</div>`,
      `<!-- Before the widget's code: puts the widget in the layout the query names. -->`,
      script('host-layouts.js'),
      widgetCode,
    ],
  },
  dark: {
    title: 'A dark site',
    body: ['<h1>A page whose widget is dark</h1>', chat('public-id="support" color-scheme="dark"'), widgetCode],
  },
  consent: {
    title: 'A chat that asks for consent first',
    head: [pagesCss],
    body: [
      '<h1>Support</h1>',
      chat(
        'public-id="support" persist="local" consent="required" notice="You are chatting with an AI assistant. [How we use your messages](https://example.com/privacy) and [nothing](javascript:alert(1))."',
      ),
      widgetCode,
    ],
  },
  'consent-mistake': {
    title: 'A chat whose consent is written as a yes, not as "required"',
    body: ['<h1>Support</h1>', chat('public-id="support" consent="yes"'), widgetCode],
  },
  notice: {
    title: 'A chat with a notice',
    body: ['<h1>Support</h1>', chat('public-id="support" notice="Answers come from an AI."'), widgetCode],
  },
  'first-turn-look': {
    title: 'A first turn with a header, a progress bar and an avatar',
    body: [
      '<h1>The tour</h1>',
      chat(
        `public-id="demo" ${look({ title: 'Acme tour', subTitle: 'Usually answers at once', headerIcon: '__API__/demo-assets/host-avatar.svg' })}`,
      ),
      widgetCode,
    ],
  },
  inline: { title: 'Inline widget', body: ['<h1>A plain page</h1>', chat('public-id="support"'), widgetCode] },
  invite: {
    title: 'A shop whose bubble invites the visitor in',
    html: 'lang="en" data-keep-storage',
    head: [pagesCss, engineWatch],
    body: [
      `<main>
  <h1>Shop</h1>
  <p id="intro">Some page content a visitor reads before opening the chat.</p>
  <p id="more">Orders ship within two working days. Returns are free for thirty days.</p>
  <a href="/invite.html?page=2" id="next">Next page</a>
</main>`,
      widgetCode,
      script('invite-init.js'),
    ],
  },
  lang: {
    title: 'Help',
    html: '',
    head: [pagesCss],
    body: [
      '<h1>Help</h1>',
      "<p>The page's language comes from the query string (`?lang=ar&amp;dir=rtl`).</p>",
      `<script>
  // Before the widget's script: the page says its language as a site's own markup would.
  const query = new URLSearchParams(location.search);
  document.documentElement.lang = query.get('lang') ?? '';
  if (query.get('dir')) document.documentElement.dir = query.get('dir');
</script>`,
      chat('id="inline" public-id="support"'),
      widgetCode,
    ],
  },
  outage: {
    title: 'A widget whose viewer the test stops and starts',
    body: [
      '<h1>A plain page</h1>',
      `<script>
  // The viewer is the test's own reference server (\`?api=\`), so the test can stop it; \`?id=\` the bot.
  const query = new URLSearchParams(location.search);
  const widget = document.createElement('flowbot-chat');
  widget.setAttribute('public-id', query.get('id') || 'support');
  widget.setAttribute('api-host', query.get('api') || '');
  document.body.append(widget);
</script>`,
      widgetCode,
    ],
  },
  'persist-two': {
    title: 'Two widgets of one bot that remember',
    head: ['<style>\n  flowbot-chat {\n    height: 420px;\n  }\n</style>'],
    body: [
      '<h1>Help centre</h1>',
      chat('id="sales" public-id="support" persist="local"'),
      chat('id="help" public-id="support" persist="local"'),
      widgetCode,
    ],
  },
  persist: {
    title: 'A widget that remembers',
    body: ['<h1>Help centre</h1>', chat('public-id="support" persist="local"'), widgetCode],
  },
  'preload-tampered': {
    title: 'The preload line, its file changed on its server',
    head: [
      '<link rel="modulepreload" href="/tampered-main/flowbot-chat.main.js" integrity="__SRI_MAIN__" crossorigin="anonymous" />',
    ],
    body: [
      '<h1>A page that preloads a changed flowbot-chat.main.js</h1>',
      chat('public-id="support"'),
      script('tampered-main/flowbot-chat.iife.js'),
    ],
  },
  preload: {
    title: 'Inline widget, its code preloaded',
    head: [
      '<link rel="modulepreload" href="/flowbot-chat.main.js" integrity="__SRI_MAIN__" crossorigin="anonymous" />',
    ],
    body: ['<h1>A plain page</h1>', chat('public-id="support"'), widgetCode],
  },
  'pt-br-inline': {
    title: 'Central de ajuda',
    html: 'lang="pt-BR"',
    head: [pagesCss],
    body: [
      '<h1>Central de ajuda</h1>',
      '<p>Só o widget em linha: nada mais pede a parte sob demanda.</p>',
      chat('id="inline" public-id="support"'),
      widgetCode,
    ],
  },
  'pt-br': {
    title: 'Central de ajuda',
    html: 'lang="pt-BR"',
    head: [pagesCss],
    body: [
      '<h1>Central de ajuda</h1>',
      '<p>Fale com a gente pelo chat.</p>',
      chat('id="inline" public-id="support"'),
      chat('id="bubble" public-id="lead" mode="bubble"'),
      widgetCode,
    ],
  },
  reserve: {
    title: 'The page below the widget stays put',
    body: [
      "<h1>A customer's page</h1>",
      "<!-- As the README's script-tag snippet: the line, then the element. -->",
      widgetCode,
      chat('public-id="support"'),
      '<p id="below">Opening hours: Monday to Friday, 9:00 to 18:00.</p>',
    ],
  },
  rtl: {
    title: 'مركز المساعدة',
    html: 'lang="ar" dir="rtl"',
    head: [pagesCss],
    body: [
      '<h1>مركز المساعدة</h1>',
      '<p>تحدث معنا عبر الدردشة.</p>',
      chat('id="inline" public-id="support"'),
      chat('id="bubble" public-id="lead" mode="bubble"'),
      widgetCode,
      script('rtl-init.js'),
    ],
  },
  'script-first': {
    title: 'Script tag before the element',
    noViewport: true,
    head: [widgetCode, '<!-- the same file twice, as happens on real sites -->', widgetCode],
    body: [
      chat(
        `public-id="support" ${look({ title: 'Script first', primaryColor: '#0f766e', secondaryColor: '#ffffff' })}`,
      ),
    ],
  },
  sv: {
    title: 'Hjälpcenter',
    html: 'lang="sv"',
    head: [pagesCss],
    body: [
      '<h1>Hjälpcenter</h1>',
      '<p>Ett språk som widgeten inte talar än: den talar engelska och hämtar ingenting för det.</p>',
      chat('id="inline" public-id="support"'),
      widgetCode,
    ],
  },
  tabs: {
    title: 'A site open in several tabs',
    head: [pagesCss],
    body: ['<h1>Help centre</h1>', script('tabs-init.js'), widgetCode],
  },
  'tampered-preview': {
    title: "The preview's file changed on its server",
    head: [previewLog],
    body: [
      '<h1>A page whose CDN serves a changed flowbot-chat.preview.js</h1>',
      chat(`mode="bubble" public-id="support" preview="${previewLine}" preview-delay="0"`),
      script('tampered-preview/flowbot-chat.iife.js'),
    ],
  },
  'tampered-invite': {
    title: "The invitation's file changed on its server",
    body: [
      '<h1>A page whose CDN serves a changed flowbot-chat.invite.js</h1>',
      chat('mode="bubble" public-id="support" preview="Questions about an order? Ask here." preview-delay="0"'),
      script('tampered-invite/flowbot-chat.iife.js'),
    ],
  },
  'tampered-main': {
    title: "The widget's code changed on its server",
    body: [
      changedMain,
      chat('id="english" public-id="support"'),
      `<div lang="pt-BR">${chat('id="portuguese" public-id="support"')}</div>`,
      script('tampered-main/flowbot-chat.iife.js'),
    ],
  },
  two: {
    title: 'Two widgets',
    noViewport: true,
    body: [
      chat(
        `id="first" public-id="support" ${look({ title: 'First', primaryColor: '#1d4ed8', secondaryColor: '#ffffff' })}`,
      ),
      chat(
        `id="second" public-id="lead" ${look({ title: 'Second', primaryColor: '#15803d', secondaryColor: '#ffffff' })}`,
      ),
      widgetCode,
    ],
  },
  'widget-only': {
    title: 'Nothing but the widget',
    head: ['<script async src="/flowbot-chat.iife.js"></script>'],
    body: [chat('public-id="support"')],
  },
};

/**
 * The page of one widget whose `flowbot-chat.<name>.js` its server changed (see `TAMPERED` in
 * serve.ts), made with the element's attributes given.
 */
export const tamperedPage = (name: string, attributes: string): string =>
  htmlDocument({
    title: `flowbot-chat.${name}.js changed on its server`,
    body: [
      `<h1>A page whose CDN serves a changed flowbot-chat.${name}.js</h1>`,
      chat(attributes),
      script(`tampered-${name}/flowbot-chat.iife.js`),
    ],
  });

/** The page `/<name>.html` of the table, or undefined where it has no such row. */
export const sitePage = (name: string): string | undefined =>
  Object.hasOwn(pages, name) ? htmlDocument(pages[name]!) : undefined;
