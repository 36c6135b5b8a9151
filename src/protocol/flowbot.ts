/**
 * Readers for the start response's opaque `flowbot` field. The interface
 * document types it as an array of unknown shape; the viewer sends an object
 * `{id, version, theme?, settings?, publishedAt?}`. Nothing here fails
 * because of its shape.
 */
import { isObject, pick, text, type JsonObject } from './json.js';

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

/** `flowbot.publishedAt`, when the opaque `flowbot` carries one (a republished bot changes it). */
export const publishedAt = (flowbot: unknown): unknown => pick(flowbot, 'publishedAt');
