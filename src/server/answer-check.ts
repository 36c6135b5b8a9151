/** Checks an answer against its input, per input type (the formats are listed in `flow-engine.ts`), and picks its route. */
import type { FlowInput, FlowItem } from './flows.js';

export type Verdict =
  { ok: false } | { ok: true; normalised: string; stored?: string; number?: number; next?: string; matched?: string[] };

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

/** Dialling codes for `defaultCountryCode`; a small table is enough for the demo. */
const DIALLING_CODES: Record<string, string> = {
  US: '1',
  CA: '1',
  GB: '44',
  IE: '353',
  FR: '33',
  DE: '49',
  ES: '34',
  PT: '351',
  IT: '39',
  NL: '31',
  BE: '32',
  CH: '41',
  BR: '55',
  AR: '54',
  MX: '52',
  IN: '91',
  JP: '81',
  AU: '61',
  NZ: '64',
  ZA: '27',
};

const opt = <T>(input: FlowInput, name: string, guard: (x: unknown) => x is T): T | undefined => {
  const value = input.options?.[name];
  return guard(value) ? value : undefined;
};
const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isString = (x: unknown): x is string => typeof x === 'string';
const isTrue = (x: unknown): x is true => x === true;

const same = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

export function check(input: FlowInput, raw: string, replyId: string | undefined): Verdict {
  const text = raw.trim();
  switch (input.type) {
    case 'number input':
      return checkNumber(input, text);
    case 'email input':
      return EMAIL.test(text) ? { ok: true, normalised: text } : { ok: false };
    case 'url input':
      return checkUrl(text);
    case 'phone number input':
      return checkPhone(input, text);
    case 'date input':
      return checkDate(input, text);
    case 'time input': {
      const m = TIME.exec(text);
      if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return { ok: false };
      return { ok: true, normalised: `${m[1]!.padStart(2, '0')}:${m[2]}` };
    }
    case 'choice input':
    case 'picture choice input':
      return checkChoice(input, text, replyId);
    case 'rating input':
      return checkRating(input, text);
    case 'cards':
      return checkCards(input, text, replyId);
    case 'payment input':
      return { ok: true, normalised: raw };
    default:
      // Text, file and unknown inputs: anything that is not blank.
      return text ? { ok: true, normalised: raw } : { ok: false };
  }
}

function parseNumber(text: string): number {
  const canonical = /^-?\d+,\d+$/.test(text) ? text.replace(',', '.') : text;
  return text === '' ? Number.NaN : Number(canonical);
}

function checkNumber(input: FlowInput, text: string): Verdict {
  const n = parseNumber(text);
  if (!Number.isFinite(n)) return { ok: false };
  const min = opt(input, 'min', isNumber);
  const max = opt(input, 'max', isNumber);
  if ((min !== undefined && n < min) || (max !== undefined && n > max)) return { ok: false };
  return { ok: true, normalised: String(n), number: n };
}

function checkUrl(text: string): Verdict {
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) return { ok: false };
  } catch {
    return { ok: false };
  }
  return { ok: true, normalised: withScheme };
}

function checkPhone(input: FlowInput, text: string): Verdict {
  if (!/^\+?[\d\s().-]+$/.test(text)) return { ok: false };
  let digits = text.replace(/[\s().-]/g, '');
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  if (!digits.startsWith('+')) {
    const code = DIALLING_CODES[String(input.options?.['defaultCountryCode'] ?? '').toUpperCase()];
    if (!code) return { ok: false };
    digits = `+${code}${digits.replace(/^0/, '')}`;
  }
  const national = digits.slice(1);
  if (!/^\d{7,15}$/.test(national)) return { ok: false };
  return { ok: true, normalised: digits };
}

function checkDate(input: FlowInput, text: string): Verdict {
  const hasTime = opt(input, 'hasTime', isTrue) ?? false;
  const parts = opt(input, 'isRange', isTrue) ? text.split(/\s+to\s+/i) : [text];
  if (parts.length !== (opt(input, 'isRange', isTrue) ? 2 : 1)) return { ok: false };
  const times: number[] = [];
  for (const part of parts) {
    const m = (hasTime ? ISO_DATE_TIME : ISO_DATE).exec(part.trim());
    if (!m) return { ok: false };
    const [y, mo, d, h = 0, mi = 0] = m.slice(1).map(Number) as number[];
    const date = new Date(Date.UTC(y!, mo! - 1, d!, h, mi));
    if (date.getUTCMonth() !== mo! - 1 || date.getUTCDate() !== d! || h > 23 || mi > 59) return { ok: false };
    times.push(date.getTime());
  }
  if (times.length === 2 && times[0]! > times[1]!) return { ok: false };
  const bound = (name: string): number | undefined => {
    const value = opt(input, name, isString);
    const time = value === undefined ? Number.NaN : Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
    return Number.isNaN(time) ? undefined : time;
  };
  const min = bound('min');
  const max = bound('max');
  if (times.some((t) => (min !== undefined && t < min) || (max !== undefined && t > max))) return { ok: false };
  const normalised = parts.map((p) => p.trim().replace(' ', 'T')).join(' to ');
  return { ok: true, normalised: normalised === text ? text : normalised };
}

function labelOf(input: FlowInput, item: FlowItem): string {
  return input.type === 'picture choice input'
    ? (item.value ?? item.title ?? item.id)
    : (item.value ?? item.content ?? item.id);
}

function findItem(input: FlowInput, text: string): FlowItem | undefined {
  return (input.items ?? []).find((item) =>
    [item.value, item.content, item.title].some((label) => label !== undefined && same(label, text)),
  );
}

function checkChoice(input: FlowInput, text: string, replyId: string | undefined): Verdict {
  const items = input.items ?? [];
  if (opt(input, 'isMultipleChoice', isTrue)) {
    const whole = findItem(input, text);
    const chosen = whole ? [whole] : text.split(',').map((part) => findItem(input, part));
    if (!chosen.length || chosen.some((item) => item === undefined)) return { ok: false };
    const picked = chosen as FlowItem[];
    return {
      ok: true,
      normalised: text,
      stored: picked.map((item) => item.content ?? item.title ?? labelOf(input, item)).join(', '),
      matched: picked.map((item) => labelOf(input, item)),
    };
  }
  const item = (replyId !== undefined ? items.find((i) => i.id === replyId) : undefined) ?? findItem(input, text);
  if (!item) return { ok: false };
  const verdict: Verdict = {
    ok: true,
    normalised: text,
    stored: item.content ?? item.title ?? labelOf(input, item),
    matched: [labelOf(input, item)],
  };
  if (item.next !== undefined) verdict.next = item.next;
  return verdict;
}

function checkRating(input: FlowInput, text: string): Verdict {
  if (!/^\d+$/.test(text)) return { ok: false };
  const n = Number(text);
  const length = opt(input, 'length', isNumber) ?? 10;
  const first = opt(input, 'buttonType', isString) === 'Icons' ? 1 : (opt(input, 'startsAt', isNumber) ?? 0);
  if (n < first || n > length) return { ok: false };
  return { ok: true, normalised: String(n), number: n };
}

function checkCards(input: FlowInput, text: string, replyId: string | undefined): Verdict {
  for (const item of input.items ?? []) {
    for (const path of item.paths ?? []) {
      if (path.id === replyId || (path.text !== undefined && same(path.text, text))) {
        const verdict: Verdict = {
          ok: true,
          normalised: text,
          stored: path.text ?? text,
          matched: [path.text ?? path.id],
        };
        if (path.next !== undefined) verdict.next = path.next;
        return verdict;
      }
    }
  }
  return { ok: false };
}

/** The first route whose condition matches the accepted answer. */
export function route(input: FlowInput, verdict: Extract<Verdict, { ok: true }>): string | undefined {
  for (const { when, next } of input.routes ?? []) {
    if (when.equals !== undefined) {
      const wanted = Array.isArray(when.equals) ? when.equals : [when.equals];
      const candidates = [verdict.normalised, verdict.stored ?? '', ...(verdict.matched ?? [])];
      if (!wanted.some((w) => candidates.some((c) => same(c, w)))) continue;
    }
    if (when.min !== undefined || when.max !== undefined) {
      const n = verdict.number ?? parseNumber(verdict.normalised);
      if (!Number.isFinite(n)) continue;
      if (when.min !== undefined && n < when.min) continue;
      if (when.max !== undefined && n > when.max) continue;
    }
    return next;
  }
  return undefined;
}
