/**
 * Tolerant readers of untrusted JSON: every reader here accepts anything and
 * returns `undefined` (or an empty value) for what it cannot use.
 */

/** A plain JSON object. */
export type JsonObject = Record<string, unknown>;

/** Whether `value` is a non-array object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses JSON text; `undefined` when it is not JSON (JSON itself never gives
 * `undefined`, so the two cannot be confused).
 */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `value[key]` when `value` is an object, else `undefined`. */
export function pick(value: unknown, key: string): unknown {
  return isObject(value) ? value[key] : undefined;
}

/** A non-empty string, else `undefined`. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The options of an input: an object, or (per the interface document's sample)
 * a JSON string of one. Anything else reads as no options.
 */
export function readInputOptions(input: { options?: unknown } | undefined): JsonObject {
  const options = input?.options;
  const read = typeof options === 'string' ? parseJson(options) : options;
  return isObject(read) ? read : {};
}
