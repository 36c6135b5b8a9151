/**
 * Looks for what hostile content would leave behind in a rendered widget:
 * a script that ran (the canary), event-handler attributes, URLs that run
 * code, elements that load or run things, and CSS that reaches out.
 */

type CanaryWindow = Window & { __pwned?: unknown };

/** Windows a payload could reach: this one, its parent and the top one (tests run in a frame). */
function reachableWindows(): CanaryWindow[] {
  const found = new Set<CanaryWindow>([window]);
  for (const other of [window.parent, window.top]) {
    try {
      if (other) found.add(other as CanaryWindow);
    } catch {
      // A cross-origin parent: no payload of ours can write there either.
    }
  }
  return [...found];
}

/** Clears the canary everywhere a payload could set it. */
export function resetCanary(): void {
  for (const win of reachableWindows()) {
    try {
      delete win.__pwned;
    } catch {
      // Not ours to touch.
    }
  }
}

/** True when some payload managed to run: the canary is set. */
export function canaryFired(): boolean {
  return reachableWindows().some((win) => {
    try {
      return win.__pwned !== undefined;
    } catch {
      return false;
    }
  });
}

/** Every element under `root`, descending into open shadow roots and same-origin frames. */
export function deepElements(root: ParentNode): Element[] {
  const out: Element[] = [];
  const visit = (node: ParentNode): void => {
    for (const el of node.querySelectorAll('*')) {
      out.push(el);
      if (el.shadowRoot) visit(el.shadowRoot);
      if (el instanceof HTMLIFrameElement) {
        let doc: Document | null;
        try {
          doc = el.contentDocument;
        } catch {
          doc = null;
        }
        if (doc) visit(doc);
      }
    }
  };
  visit(root);
  return out;
}

/** Attributes whose value the browser loads or navigates to. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'srcset',
  'poster',
  'action',
  'formaction',
  'data',
  'xlink:href',
  'background',
  'cite',
  'ping',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'manifest',
  'codebase',
  'icon',
  'usemap',
  'imagesrcset',
]);
/** Elements that run, load or restyle things and have no business in the widget. */
const FORBIDDEN = new Set([
  'script',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'link',
  'style',
  'frame',
  'frameset',
  'foreignobject',
  'noscript',
  'portal',
  'math',
]);
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const CSS_DANGER = /url\s*\(|expression\s*\(|javascript:|@import|behavior\s*:|-moz-binding/i;

function badUrl(value: string): boolean {
  // What the browser would load: control characters and spaces around it are ignored by the URL parser.
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (/[\u0000-\u001f]/.test(value) || /^\s|\s$/.test(value)) return true;
  try {
    return !SAFE_PROTOCOLS.has(new URL(value, document.baseURI).protocol);
  } catch {
    return true;
  }
}

/**
 * What a hostile server left behind in `host` (a widget) and its shadow DOM;
 * empty when nothing. `ownSheets` are the element's static styles, which hold
 * no server data and are not checked.
 */
export function dangersIn(host: Element, ownSheets: ReadonlySet<CSSStyleSheet> = new Set()): string[] {
  const found: string[] = [];
  const check = (el: Element): void => {
    const tag = el.localName;
    if (FORBIDDEN.has(tag)) found.push(`<${tag}>`);
    if (tag === 'iframe' && !el.hasAttribute('sandbox')) found.push('<iframe> without sandbox');
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (name === 'srcdoc') found.push(`${tag}[srcdoc]`);
      if (name === 'style' && CSS_DANGER.test(attr.value)) found.push(`${tag}[style=${attr.value}]`);
      if (
        URL_ATTRIBUTES.has(name) &&
        (name.endsWith('srcset')
          ? attr.value.split(',').some((c) => badUrl(c.trim().split(/\s+/)[0] ?? ''))
          : badUrl(attr.value))
      ) {
        found.push(`${tag}[${name}=${JSON.stringify(attr.value)}]`);
      }
      if (name === 'http-equiv') found.push(`${tag}[http-equiv]`);
    }
  };
  check(host);
  for (const el of host.children) found.push(`light DOM child <${el.localName}>`);
  const shadow = host.shadowRoot;
  if (!shadow) return [...found, 'no shadow root'];
  for (const el of deepElements(shadow)) check(el);
  for (const sheet of shadow.adoptedStyleSheets) {
    if (ownSheets.has(sheet)) continue;
    for (const rule of sheet.cssRules) found.push(...cssDangers(rule.cssText));
  }
  return found;
}

/** Undoes CSS escapes (`\3a `, `\:`) in a serialised string. */
function cssUnescape(value: string): string {
  return value.replace(/\\(?:([\da-f]{1,6})\s?|(.))/gi, (_m, hex?: string, char?: string) =>
    hex ? String.fromCodePoint(Math.min(parseInt(hex, 16) || 0xfffd, 0x10ffff)) : (char ?? ''),
  );
}

/**
 * Problems in one serialised CSS rule: a `url()` that is not a quoted web URL,
 * or anything that runs or imports (`expression()`, `javascript:`, `@import`,
 * `behavior`) outside a quoted URL.
 */
export function cssDangers(cssText: string): string[] {
  const found: string[] = [];
  const QUOTED_URL = /url\(\s*"((?:[^"\\]|\\.)*)"\s*\)/gi;
  for (const [, quoted = ''] of cssText.matchAll(QUOTED_URL)) {
    const target = cssUnescape(quoted);
    if (badUrl(target)) found.push(`CSS url(${JSON.stringify(target)})`);
  }
  const rest = cssText.replace(QUOTED_URL, 'url-checked');
  if (CSS_DANGER.test(rest)) found.push(`CSS rule ${cssText.slice(0, 200)}`);
  return found;
}

/** `value` as it reads once line breaks became `<br>` elements. */
export const visible = (value: string): string => value.replace(/\r\n?|\n/g, '');
