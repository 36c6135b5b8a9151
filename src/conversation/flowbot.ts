/**
 * Readers for the opaque parts of the protocol. The interface document types
 * `flowbot` as an array of unknown shape; the viewer sends an object. Every
 * reader here accepts anything and returns `undefined` for what it cannot use.
 */

/** A plain JSON object. */
export type JsonObject = Record<string, unknown>;

/** Whether `value` is a non-array object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value[key]` when `value` is an object, else `undefined`. */
export function pick(value: unknown, key: string): unknown {
  return isObject(value) ? value[key] : undefined;
}

/** A non-empty string, else `undefined`. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** `flowbot.theme` when `flowbot` is an object that has one. */
export function readFlowbotTheme(flowbot: unknown): JsonObject | undefined {
  const theme = pick(flowbot, 'theme');
  return isObject(theme) ? theme : undefined;
}

/** The bot's own wording for the widget's states (`settings.general.systemMessages`). */
export interface SystemMessages {
  readonly invalidMessage?: string;
  readonly networkErrorTitle?: string;
  readonly networkErrorMessage?: string;
}

/** `flowbot.settings.general.systemMessages`, keeping only the non-empty strings. */
export function readSystemMessages(flowbot: unknown): SystemMessages {
  const raw = pick(pick(pick(flowbot, 'settings'), 'general'), 'systemMessages');
  const out: Record<string, string> = {};
  if (isObject(raw)) {
    for (const [key, value] of Object.entries(raw)) {
      const s = text(value);
      if (s) out[key] = s;
    }
  }
  return out;
}

/**
 * The options of an input: an object, or (per the interface document's sample)
 * a JSON string of one. Anything else reads as no options.
 */
export function readInputOptions(input: { options?: unknown } | undefined): JsonObject {
  let options = input?.options;
  if (typeof options === 'string') {
    try {
      options = JSON.parse(options);
    } catch {
      options = undefined;
    }
  }
  return isObject(options) ? options : {};
}
