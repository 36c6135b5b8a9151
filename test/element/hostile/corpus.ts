/**
 * Attack strings a hostile (or compromised) server might send, as test data.
 *
 * Every payload that could run code sets a canary: `window.__pwned = 1`, or
 * `parent.__pwned` / `top.__pwned` from inside a frame. A test that finds the
 * canary set has found a script that ran.
 *
 * `kind` says what the string imitates; each one still goes into every field
 * (a colour can hold markup, a title can hold a URL). `scheme` marks URLs
 * whose scheme runs code or loads inline content: no disguise may let those
 * through a URL check.
 */
import { HOSTILE_URLS } from '../../unit/render/helpers.js';

/** One attack string. */
export interface HostilePayload {
  /** Short stable name, for failure messages. */
  readonly id: string;
  readonly kind: 'url' | 'html' | 'markdown' | 'css' | 'unicode';
  readonly value: string;
  /** A `javascript:`/`data:`/`vbscript:`/... URL in disguise: must never reach a URL attribute. */
  readonly scheme?: boolean;
}

const url = (id: string, value: string): HostilePayload => ({ id, kind: 'url', value, scheme: true });
const quoted = (id: string, value: string): HostilePayload => ({ id, kind: 'url', value });
const markup = (id: string, value: string): HostilePayload => ({ id, kind: 'html', value });
const md = (id: string, value: string): HostilePayload => ({ id, kind: 'markdown', value });
const css = (id: string, value: string): HostilePayload => ({ id, kind: 'css', value });
const uni = (id: string, value: string, scheme = false): HostilePayload => ({
  id,
  kind: 'unicode',
  value,
  ...(scheme ? { scheme } : {}),
});

/** Scheme tricks: case, white space, control characters, entities, comments. */
const schemes: HostilePayload[] = [
  url('js-plain', 'javascript:window.__pwned=1'),
  url('js-upper', 'JAVASCRIPT:window.__pwned=1'),
  url('js-leading-tab', '\tjavascript:window.__pwned=1'),
  url('js-leading-newline', '\njavascript:window.__pwned=1'),
  url('js-inner-nul', 'java\u0000script:window.__pwned=1'),
  url('js-tab-before-colon', 'javascript\t:window.__pwned=1'),
  url('js-inner-cr', 'jav\rascript:window.__pwned=1'),
  url('js-polyglot', 'javascript:/*--></title></style></textarea></script><svg/onload=window.__pwned=1>*/'),
  url('js-comment-newline', 'javascript://%0Awindow.__pwned=1'),
  url('js-void-https', 'javascript:void(window.__pwned=1)//https://example.com/'),
  url('js-hex-entities', '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;window.__pwned=1'),
  url(
    'js-padded-decimal-entities',
    '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058window.__pwned=1',
  ),
  url('js-named-newline', 'java&NewLine;script:window.__pwned=1'),
  url('js-entity-newline', 'jav&#x0A;ascript:window.__pwned=1'),
  url('js-entity-colon-upper', 'JavaScript&COLON;window.__pwned=1'),
  url('data-html-base64', 'data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX19wd25lZD0xPC9zY3JpcHQ+'),
  url(
    'data-svg-base64',
    'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0icGFyZW50Ll9fcHduZWQ9MSIvPg==',
  ),
  url('data-svg-inline', 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="parent.__pwned=1"/>'),
  url('data-mixed-case', 'dAtA:text/html,<script>parent.__pwned=1</script>'),
  url('data-control-prefix', '\u0001data:text/html,<script>top.__pwned=1</script>'),
  url('data-entity-colon', 'data&colon;text/html,<script>parent.__pwned=1</script>'),
  url('vbs-plain', 'vbscript:window.__pwned=1'),
  url('vbs-entity', 'VbScRiPt&#58;msgbox("pwned")'),
  url('vbs-newline', 'vb\nscript:msgbox(1)'),
];

/** Quotes, angle brackets and backticks that would end an attribute if a URL were pasted into markup. */
const quotes: HostilePayload[] = [
  quoted('quote-double', 'https://cdn.hostile.invalid/a.png" onerror="window.__pwned=1'),
  quoted('quote-single', "https://cdn.hostile.invalid/a.png' onerror='window.__pwned=1"),
  quoted('quote-close-tag', 'https://cdn.hostile.invalid/"><img src=x onerror=window.__pwned=1>'),
  quoted('quote-backtick', 'https://cdn.hostile.invalid/a.png` onerror=window.__pwned=1'),
  quoted('quote-protocol-relative', '//hostile.invalid/x" autofocus onfocus="window.__pwned=1'),
  quoted('quote-script-in-query', 'https://hostile.invalid/?q=</script><script>window.__pwned=1</script>'),
];

/** Markup and event handlers inside text. */
const html: HostilePayload[] = [
  markup('script', '<script>window.__pwned=1</script>'),
  markup('img-onerror', '<img src=x onerror="window.__pwned=1">'),
  markup('svg-onload', '<svg onload="window.__pwned=1"></svg>'),
  markup('svg-script', '<svg><script>window.__pwned=1</script></svg>'),
  markup('iframe-srcdoc', '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>'),
  markup('iframe-js-src', '<iframe src="javascript:parent.__pwned=1"></iframe>'),
  markup('anchor-js', '<a href="javascript:window.__pwned=1">click me</a>'),
  markup('body-onload', '<body onload=window.__pwned=1>'),
  markup('details-ontoggle', '<details open ontoggle=window.__pwned=1>'),
  markup('mxss-math', '<math><mtext><table><mglyph><style><img src=x onerror=window.__pwned=1>'),
  markup('style-import', '<style>@import "https://hostile.invalid/x.css";*{display:none}</style>'),
  markup('attr-break-double', '" onmouseover="window.__pwned=1" x="'),
  markup('attr-break-single', "'><script>window.__pwned=1</script>"),
  markup('textarea-escape', '</textarea><script>window.__pwned=1</script>'),
  markup('object-data', '<object data="javascript:window.__pwned=1"></object>'),
  markup('embed-data', '<embed src="data:text/html,<script>parent.__pwned=1</script>">'),
  markup('form-action', '<form action="javascript:window.__pwned=1"><button>go</button></form>'),
  markup('input-autofocus', '<input autofocus onfocus=window.__pwned=1>'),
  markup('template-script', '<template><script>window.__pwned=1</script></template>'),
  markup('base-href', '<base href="javascript:/">'),
  markup('meta-refresh', '<meta http-equiv="refresh" content="0;url=javascript:window.__pwned=1">'),
  markup('comment-break', '<!--<img src="--><img src=x onerror=window.__pwned=1>-->'),
  markup('template-literal', '${window.__pwned=1}'),
  markup('template-injection', "{{constructor.constructor('window.__pwned=1')()}}"),
];

/** Raw HTML, links and images inside markdown. */
const markdown: HostilePayload[] = [
  md('md-link-js', '[click](javascript:window.__pwned=1)'),
  md('md-link-js-title', '[click](  JAVASCRIPT:window.__pwned=1  "title")'),
  md('md-image-js', '![img](javascript:window.__pwned=1)'),
  md('md-autolink-js', '<javascript:window.__pwned=1>'),
  md('md-link-data', '[x](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX19wd25lZD0xPC9zY3JpcHQ+)'),
  md('md-fenced-script', '```html\n<script>window.__pwned=1</script>\n```'),
  md('md-title-break', '[a](https://ok.example "x\\" onmouseover=\\"window.__pwned=1")'),
  md('md-bold-img', '**<img src=x onerror=window.__pwned=1>**'),
  md('md-svg-label', '[<svg onload=window.__pwned=1>](https://hostile.invalid/)'),
  md('md-link-vbs', '[x](vbscript:msgbox(1))'),
  md('md-link-entity-tab', '[x](java&#x09;script:window.__pwned=1)'),
  md('md-reference-js', '[x][1]\n\n[1]: javascript:window.__pwned=1'),
  md('md-html-block', '<div onclick="window.__pwned=1">\n\n*hi*\n\n</div>'),
];

/** CSS smuggled into colour values and other style-bound fields. */
const styles: HostilePayload[] = [
  css('css-url-js', 'red; background:url(javascript:window.__pwned=1)'),
  css('css-url-tracker', 'red;background-image:url("https://hostile.invalid/track.png")'),
  css('css-expression', 'expression(window.__pwned=1)'),
  css('css-rule-break', 'red } :host { display:none } x {'),
  css('css-attr-break', '#fff" onload="window.__pwned=1'),
  css('css-behavior', 'rgb(0,0,0);behavior:url(x.htc)'),
  css('css-url-only', 'url(https://hostile.invalid/x.png)'),
  css('css-var-smuggle', 'var(--x, red); --y: url(javascript:window.__pwned=1)'),
  css('css-style-close', '</style><script>window.__pwned=1</script>'),
  css('css-comment-expression', 'red/**/;x:expression(window.__pwned=1)'),
  css('css-import', '@import url(https://hostile.invalid/x.css);'),
  css('css-escaped-url', 'red;background:\\75 rl(https://hostile.invalid/y.png)'),
];

/** Bidirectional overrides, invisible characters, homoglyphs and full-width forms. */
const unicode: HostilePayload[] = [
  uni('rtl-override-text', 'Your order \u202egnp.exe\u202c is ready'),
  uni('rtl-override-url', 'https://example.com/\u202egnp.exe'),
  uni('zero-width-around', '\u200bjavascript\u200b:window.__pwned=1', true),
  uni('zero-width-joiner', 'java\u200dscript:window.__pwned=1', true),
  uni('bom-prefix', '\ufeffjavascript:window.__pwned=1', true),
  uni('fullwidth-scheme', 'ｊａｖａｓｃｒｉｐｔ:window.__pwned=1'),
  uni('fullwidth-colon', 'javascript\uff1awindow.__pwned=1'),
  uni('homoglyph-cyrillic-a', 'j\u0430vascript:window.__pwned=1'),
  uni('line-separator-prefix', '\u2028javascript:window.__pwned=1', true),
  uni('nbsp-prefix', '\u00a0javascript:window.__pwned=1', true),
  uni('mongolian-separator', '\u180ejavascript:window.__pwned=1'),
  uni('percent-encoded-scheme', '%6A%61%76%61%73%63%72%69%70%74:window.__pwned=1'),
  uni('lone-surrogate', 'before\ud800after<script>window.__pwned=1</script>'),
];

/** The shared hostile URLs of the renderer tests (which use `alert(1)` as their payload). */
const shared: HostilePayload[] = HOSTILE_URLS.map((value, i) => ({
  id: `shared-url-${i}`,
  kind: 'url',
  value,
  scheme: true,
}));

/** Every attack string of this file (not counting the shared URL list). */
export const HOSTILE_CORPUS: readonly HostilePayload[] = [
  ...schemes,
  ...quotes,
  ...html,
  ...markdown,
  ...styles,
  ...unicode,
];

/** The corpus plus the renderer tests' hostile URLs. */
export const ALL_PAYLOADS: readonly HostilePayload[] = [...HOSTILE_CORPUS, ...shared];
