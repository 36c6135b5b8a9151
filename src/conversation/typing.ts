/**
 * Typing emulation, as `flowbot.settings.typingEmulation` defines it: the
 * delay before each bot message, during which the widget shows "typing".
 */
import { isObject, pick } from '../protocol/json.js';

/** The typing-emulation settings, defaults filled in. */
export interface TypingEmulation {
  /** Whether messages wait for their "typing" time. Default true when the settings are present. */
  readonly enabled: boolean;
  /** Words per minute. Default 400. */
  readonly speed: number;
  /** Longest typing delay, in seconds. Default 3; at most `MAX_TYPING_SECONDS`. */
  readonly maxDelay: number;
  /** Extra pause between two messages of one response, in seconds. Default 0; at most `MAX_TYPING_SECONDS`. */
  readonly delayBetweenBubbles: number;
  /** Whether the very first message of a conversation shows at once. Default true. */
  readonly isDisabledOnFirstMessage: boolean;
}

/**
 * The longest a bot may seem to type one message, and the longest pause
 * between two of its messages, in seconds, whatever its settings say. All the
 * pauses after one action of the visitor add up to `MAX_PAUSE_MS` at most
 * (`Session.pause`).
 */
export const MAX_TYPING_SECONDS = 10;

function seconds(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? Math.min(value, MAX_TYPING_SECONDS)
    : fallback;
}

/** Reads `flowbot.settings.typingEmulation`; `undefined` (no delays at all) when absent. */
export function readTypingEmulation(flowbot: unknown): TypingEmulation | undefined {
  const raw = pick(pick(flowbot, 'settings'), 'typingEmulation');
  if (!isObject(raw)) return undefined;
  const speed = raw.speed;
  return {
    enabled: raw.enabled !== false,
    speed: typeof speed === 'number' && Number.isFinite(speed) && speed > 0 ? speed : 400,
    maxDelay: seconds(raw.maxDelay, 3),
    delayBetweenBubbles: seconds(raw.delayBetweenBubbles, 0),
    isDisabledOnFirstMessage: raw.isDisabledOnFirstMessage !== false,
  };
}

/** Words in a text, split on white space. */
export function countWords(value: string): number {
  const trimmed = value.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** Milliseconds of "typing" for a message of `words` words: words ÷ speed, capped at maxDelay. */
export function typingDelay(words: number, settings: TypingEmulation | undefined): number {
  if (!settings?.enabled || words <= 0) return 0;
  return Math.round(Math.min((words / settings.speed) * 60_000, settings.maxDelay * 1000));
}

/** Where a message sits, for `messageDelay`. */
export interface MessagePosition {
  /** The first bot message the server sent in this conversation. */
  readonly isFirstOfConversation: boolean;
  /** The first message of its response. */
  readonly isFirstOfBatch: boolean;
}

/**
 * Milliseconds to wait before showing a message, and how many of them are
 * "typing" (the rest is the pause between bubbles). Only text messages type;
 * every message but the first of a response also waits `delayBetweenBubbles`.
 */
export function messageDelay(
  words: number | undefined,
  settings: TypingEmulation | undefined,
  position: MessagePosition,
): { pause: number; typing: number } {
  if (!settings) return { pause: 0, typing: 0 };
  const pause = position.isFirstOfBatch ? 0 : Math.round(settings.delayBetweenBubbles * 1000);
  const skipTyping = position.isFirstOfConversation && settings.isDisabledOnFirstMessage;
  const typing = words === undefined || skipTyping ? 0 : typingDelay(words, settings);
  return { pause, typing };
}
