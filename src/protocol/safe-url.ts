/**
 * URL gate for everything the server sends that ends up in `href` or `src`.
 *
 * The browser's own URL parser decides the scheme (it strips the leading and
 * trailing control characters and the inner tabs/newlines that attackers use
 * to hide `java\tscript:`), so what we check is what the browser would load.
 */

/** Schemes allowed by default: web resources only. */
export const WEB_SCHEMES: readonly string[] = ['http:', 'https:'];
/** Schemes allowed for links the visitor clicks. */
export const LINK_SCHEMES: readonly string[] = ['http:', 'https:', 'mailto:', 'tel:'];

// Never allowed, whatever `allow` says: they run code or read local data.
const BLOCKED = /^(?:javascript|data|vbscript|blob|file|about|filesystem):/;
const MAX_LENGTH = 8192;

// Numeric and the colon/tab/newline named references: enough to see through
// `javascript&#58;` or `jav&#x09;ascript&colon;` should the string ever be
// decoded by something downstream.
const ENTITY = /&(?:#(\d{1,7})|#x([\da-f]{1,6})|(colon|tab|newline));?/gi;
const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n' };

function decodeEntities(value: string): string {
  return value.replace(ENTITY, (_m, dec?: string, hex?: string, name?: string) => {
    if (name) return NAMED[name.toLowerCase()] ?? '';
    const code = dec ? Number(dec) : parseInt(hex ?? '', 16);
    return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
  });
}

// What the URL parser ignores, plus the invisible characters that do not
// change the scheme it finds but have no place in a URL we show.
// eslint-disable-next-line no-control-regex -- control characters are what this strips
const STRIPPED = /[\u0000-\u0020\u007f-\u00a0\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/g;

/** The scheme a browser would see in `value`, lower-case with its colon, or '' when relative. */
function schemeOf(value: string): string {
  const match = /^([a-z][a-z\d+.-]*):/i.exec(value.replace(STRIPPED, ''));
  return match ? `${match[1]!.toLowerCase()}:` : '';
}

function defaultBase(): string | undefined {
  return (globalThis as { document?: { baseURI?: string } }).document?.baseURI;
}

/**
 * Returns a URL string safe to put in `href`/`src`, or undefined.
 *
 * Allowed: `http:`/`https:` (pass `allow: LINK_SCHEMES` for links to also get
 * `mailto:` and `tel:`). Relative URLs are resolved against `base` (default:
 * `document.baseURI` when there is a document). `javascript:`, `data:`,
 * `vbscript:`, `blob:`, `file:` and `about:` are always rejected, however they
 * are disguised (case, whitespace, control characters, HTML entities).
 */
export function safeUrl(value: unknown, opts: { allow?: readonly string[]; base?: string } = {}): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return undefined;
  const raw = value.trim();
  if (!raw) return undefined;
  const allow = (opts.allow ?? WEB_SCHEMES).map((s) => (s.endsWith(':') ? s : `${s}:`).toLowerCase());
  for (const candidate of [raw, decodeEntities(raw)]) {
    const scheme = schemeOf(candidate);
    if (BLOCKED.test(scheme) || (scheme && !allow.includes(scheme))) return undefined;
  }
  let url: URL;
  try {
    url = new URL(raw, opts.base ?? defaultBase());
  } catch {
    return undefined;
  }
  const protocol = url.protocol.toLowerCase();
  return !BLOCKED.test(protocol) && allow.includes(protocol) ? url.href : undefined;
}
