/** How `<flowbot-chat>` reads its attributes that are not plain strings or booleans. */
import { isObject, parseJson } from '../protocol/json.js';

/** Reads a JSON-object attribute; anything else is ignored with a warning. */
export function jsonObject(name: string) {
  return {
    fromAttribute(value: string | null): Record<string, unknown> | undefined {
      if (value === null || value.trim() === '') return undefined;
      const parsed = parseJson(value);
      if (isObject(parsed)) return parsed;
      console.warn(`<flowbot-chat>: ignoring the ${name} attribute: not a JSON object`);
      return undefined;
    },
  };
}

/** Reads a number of seconds; anything else (or no attribute) is `fallback`. */
export function seconds(fallback: number | undefined) {
  return {
    fromAttribute(value: string | null): number | undefined {
      const n = value === null || value.trim() === '' ? NaN : Number(value);
      return Number.isFinite(n) && n >= 0 ? n : fallback;
    },
  };
}
