/**
 * `number input`, `email input`, `url input`, `phone number input`,
 * `date input` (single, range, with time) and `time input`: one native field
 * (two for a date range) and a send button. The value is checked before it is
 * sent, in the formats the viewer accepts: a number within `min`/`max`, an
 * address, an http(s) URL (`https://` may be left out), a phone number
 * (`+` and the country code, or a national number read with
 * `defaultCountryCode`, which the field names above it), `YYYY-MM-DD` / `YYYY-MM-DDTHH:MM` (a range joined with
 * `" to "`), `HH:MM`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { ChatInput } from '../../protocol/types.js';
import { readInputOptions } from '../../protocol/json.js';
import type { FlowbotStrings } from '../../i18n/lookup.js';
import type { InputContext } from '../../render/inputs/context.js';
import { invalidAttrs, label, numberOption, renderError, setError } from './shared.js';

type Kind = readonly [type: string, inputMode: string, autocomplete: string, error: keyof FlowbotStrings];

const KINDS: Readonly<Record<string, Kind>> = {
  'number input': ['number', 'decimal', 'off', 'invalidNumber'],
  'email input': ['email', 'email', 'email', 'invalidEmail'],
  // Not type=url: the visitor may leave out `https://`, which the server adds.
  'url input': ['text', 'url', 'url', 'invalidUrl'],
  'phone number input': ['tel', 'tel', 'tel', 'invalidPhone'],
  'date input': ['date', 'none', 'off', 'invalidDate'],
  'time input': ['time', 'none', 'off', 'invalidTime'],
};

/** A date bound as the field wants it: `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM` with a time. */
function dateBound(value: unknown, withTime: boolean): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d\d-\d\d/.test(value)) return undefined;
  return withTime
    ? value.length > 15
      ? value.slice(0, 16).replace(' ', 'T')
      : `${value.slice(0, 10)}T00:00`
    : value.slice(0, 10);
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`);
    return /^https?:$/.test(url.protocol) && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * How a picked date or time reads in the visitor's language ("Jan 2, 2030", "2 de jan. de 2030",
 * "6:45 PM"); a range as one span ("Jul 1 – 14, 2030"). Anything else, or an unknown
 * language, stays as it is.
 */
function shownValue(values: readonly string[], lang: string | undefined): string {
  try {
    let withTime = false;
    const dates = values.map((value) => {
      const [, y, mo, d, h, mi] = /^(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d))?$/.exec(value) ?? [];
      const [, th, tm] = /^(\d\d):(\d\d)$/.exec(value) ?? [];
      if (th) return ['time', new Date(2000, 0, 1, Number(th), Number(tm))] as const;
      if (!y) throw new RangeError(value);
      withTime = !!h;
      const date = new Date(2000, Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0));
      date.setFullYear(Number(y));
      return ['date', date] as const;
    });
    const time = dates[0]![0] === 'time';
    const format = new Intl.DateTimeFormat(
      lang || undefined,
      time ? { timeStyle: 'short' } : withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
    );
    return dates.length === 2 ? format.formatRange(dates[0]![1], dates[1]![1]) : format.format(dates[0]![1]);
  } catch {
    return values.join(' – ');
  }
}

/**
 * What a phone field says of the numbers it takes: the country a number without `+` is read in
 * (the input's `defaultCountryCode`, named in the widget's language), else to start with `+`.
 */
function phoneHint(code: unknown, strings: FlowbotStrings, lang: string | undefined): string {
  if (typeof code === 'string' && /^[a-z]{2}$/i.test(code)) {
    try {
      const country = new Intl.DisplayNames(lang || 'en', { type: 'region' }).of(code.toUpperCase());
      if (country) return strings.phoneCountry.replace('{country}', country);
    } catch {
      // An unknown language tag: the plain instruction below.
    }
  }
  return strings.phoneInternational;
}

function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return /^\+?[\d\s().-]+$/.test(value) && digits >= 6 && digits <= 15;
}

/**
 * What the field of a `kind` input takes: its `type` and `inputmode`, its `min`, `max` and `step`,
 * and the bounds its error names (` (1–5)`).
 */
function fieldLimits(
  kind: string,
  options: Record<string, unknown>,
  [type, inputMode]: Kind,
): [
  type: string,
  inputMode: string,
  min?: string | undefined,
  max?: string | undefined,
  step?: string,
  bounds?: string,
] {
  if (kind === 'date input') {
    const withTime = options.hasTime === true;
    return [
      withTime ? 'datetime-local' : type,
      inputMode,
      dateBound(options.min, withTime),
      dateBound(options.max, withTime),
    ];
  }
  if (kind !== 'number input') return [type, inputMode];
  const low = numberOption(options.min);
  const high = numberOption(options.max);
  const by = numberOption(options.step);
  const min = low?.toString();
  const max = high?.toString();
  // Whole numbers, never negative: the plain digit keyboard is enough.
  return [
    type,
    by && Number.isInteger(by) && low !== undefined && low >= 0 ? 'numeric' : inputMode,
    min,
    max,
    by && by > 0 ? String(by) : 'any',
    min || max ? ` (${min ?? ''}–${max ?? ''})` : '',
  ];
}

/** The wire gets the protocol's value; the visitor's bubble shows what they picked, in their words. */
function fieldAnswer(
  kind: string,
  range: boolean,
  first: string,
  second: string,
  lang: string | undefined,
): { answer: string; text: string } {
  if (kind === 'date input' || kind === 'time input')
    return {
      answer: range ? `${first} to ${second}` : first,
      text: shownValue(range ? [first, second] : [first], lang),
    };
  return { answer: kind === 'phone number input' ? first.replace(/[\s().-]/g, '') : first, text: first };
}

/** The field control for `input`. */
export function renderFieldInput(input: ChatInput, ctx: InputContext): TemplateResult {
  const options = readInputOptions(input);
  const { draft, strings } = ctx;
  const kind = input.type ?? '';
  const kindDefaults = KINDS[kind] ?? KINDS['email input']!;
  const [, , autocomplete, errorKey] = kindDefaults;
  const [type, inputMode, min, max, step, bounds = ''] = fieldLimits(kind, options, kindDefaults);
  const range = kind === 'date input' && options.isRange === true;
  const hint = kind === 'phone number input' ? phoneHint(options.defaultCountryCode, strings, ctx.lang) : '';
  const placeholder =
    label(input, 'placeholder') ??
    (kind === 'date input' ? strings.date : kind === 'time input' ? strings.time : strings.placeholder);

  const onSubmit = (event: Event): void => {
    event.preventDefault();
    if (ctx.busy) return;
    const fields = [...(event.currentTarget as HTMLFormElement).querySelectorAll('input')];
    const values = fields.map((field) => field.value.trim());
    const [first = '', second = ''] = values;
    const wrong = fields.findIndex(
      (field, i) =>
        !values[i] ||
        !field.checkValidity() ||
        (kind === 'url input' && !isWebUrl(values[i]!)) ||
        (kind === 'phone number input' && !isPhone(values[i]!)),
    );
    // Two valid dates in the wrong order: the end is what is wrong, and the message says why.
    const backwards = wrong < 0 && range && first > second;
    const at = backwards ? 1 : wrong;
    if (at >= 0) {
      setError(ctx, backwards ? strings.endBeforeStart : strings[errorKey] + bounds, range ? at : undefined);
      fields[at]!.focus();
      return;
    }
    ctx.submit(fieldAnswer(kind, range, first, second, ctx.lang));
  };

  const field = (index: 0 | 1, name: string): TemplateResult => {
    const { invalid, describedBy } = invalidAttrs(ctx, index);
    return html`<input
    part="input"
    class="field"
    type=${type}
    inputmode=${inputMode === 'none' ? nothing : inputMode}
    autocomplete=${autocomplete}
    enterkeyhint="send"
    aria-label=${range ? nothing : name}
    aria-labelledby=${ctx.question ? (range ? `${ctx.question} range-${index ? 'to' : 'from'}` : ctx.question) : nothing}
    aria-invalid=${invalid}
    aria-describedby=${hint ? [describedBy, 'field-hint'].filter((id) => id !== nothing).join(' ') : describedBy}
    placeholder=${type === 'date' || type === 'datetime-local' || type === 'time' ? nothing : name}
    min=${min ?? nothing}
    max=${max ?? nothing}
    step=${step ?? nothing}
    ?readonly=${ctx.busy}
    .value=${live(index ? draft.to : draft.text)}
    @input=${(event: Event) => {
      const value = (event.target as HTMLInputElement).value;
      if (index) draft.to = value;
      else draft.text = value;
      setError(ctx, '');
    }}
  />`;
  };

  return html`<form class="text-input field-input" novalidate @submit=${onSubmit}>
    ${hint ? html`<p class="field-hint" id="field-hint" dir="auto">${hint}</p>` : nothing}
    ${
      range
        ? html`<label class="range-field"><span id="range-from">${label(input, 'from') ?? strings.from}</span>${field(0, '')}</label>
          <label class="range-field"><span id="range-to">${label(input, 'to') ?? strings.to}</span>${field(1, '')}</label>`
        : field(0, placeholder)
    }
    <button part="send-button" class="send" type="submit" ?disabled=${ctx.busy}>
      ${label(input, 'button') ?? strings.send}
    </button>
    ${renderError(ctx)}
  </form>`;
}
