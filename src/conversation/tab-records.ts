/**
 * The conversation's record as the tabs share it (`persist="local"`): a call in flight (its lease), a
 * failed call, and what a save adds; read back from storage as the store does (see `tabs.ts`).
 */
import { isObject } from '../protocol/json.js';
import { checkAnswer } from '../protocol/turn.js';
import type { ChatAnswer, ChatInput, ChatMessage, DynamicTheme } from '../protocol/types.js';

/** How long a lease holds without being renewed, in ms. */
export const LEASE_MS = 6000;

/** A call in flight in one tab, or owed by it (`persist="local"`). */
export interface Lease {
  /** The tab's id. */
  tab: string;
  /** When the lease runs out unless renewed (ms since the epoch); 0: handed back. */
  until: number;
  /** The visitor's answer being sent (the bubble's text); none for a continue without an answer or a reply. */
  text?: string | undefined;
  answer?: ChatAnswer | undefined;
}

/** The last call failed: what every tab shows with its Retry. */
export interface Failure {
  action: 'send' | 'stream';
  /** The visitor's answer that was not sent (the bubble's text). */
  text?: string | undefined;
  answer?: ChatAnswer | undefined;
  /** The server took the answer, but its reply could not be read: Retry asks the bot to go on. */
  delivered?: boolean | undefined;
}

/** The parts of a record (`StoredConversation`) the tabs read. */
export interface Synced {
  sessionId: string;
  entries: ReadonlyArray<
    | { kind: 'bot'; message: ChatMessage; local?: boolean | undefined }
    | { kind: 'answer'; answer?: ChatAnswer | undefined; text: string }
  >;
  /** The input on screen; none (and nothing pending) means the flow ended. */
  input?: ChatInput | undefined;
  /** An `expectsDedicatedReply` action was still to be answered. */
  pending?: boolean | undefined;
  /** A streamed answer was owed (its request body: the older action's `messages`). */
  stream?: { messages?: unknown[] | undefined } | undefined;
  /** A streamed answer had arrived whole: its text was still to be sent as the reply. */
  reply?: string | undefined;
  dynamicTheme?: DynamicTheme | undefined;
  progress?: number | undefined;
  /** Which save this is (`persist="local"`): unique, so a tab knows whether the conversation moved on. */
  rev?: string | undefined;
  /** How many older entries the record no longer holds (a save keeps the newest). */
  from?: number | undefined;
  /** A call in flight in one tab, or owed by it, and its lease (`persist="local"`). */
  call?: Lease | undefined;
  /** The last call failed (`persist="local"`): every open tab shows it. */
  failed?: Failure | undefined;
  /**
   * The viewer no longer knows the session: the conversation is over, shown read-only with Start
   * again; `text`: the visitor's words it never took, for the next conversation's first text field.
   */
  expired?: { text?: string | undefined } | undefined;
  /**
   * The visitor's answer to `input` that has not left the browser (it was written offline): it
   * goes once the browser is back online, or on the next load (the lease written as its call
   * leaves takes its place, so it is never sent twice).
   */
  unsent?: { text: string; answer?: ChatAnswer | undefined } | undefined;
}

/** A lease as stored, `undefined` when there is none, `null` when it is out of shape. */
export function readLease(value: unknown): Lease | undefined | null {
  if (value == null) return undefined;
  if (!isObject(value) || typeof value.tab !== 'string' || typeof value.until !== 'number') return null;
  const answer = value.answer == null ? undefined : checkAnswer(value.answer);
  if ((answer && !answer.ok) || (value.text != null && typeof value.text !== 'string')) return null;
  return { tab: value.tab, until: value.until, text: value.text ?? undefined, answer: answer?.value };
}

/** An expiry as stored, `undefined` when there is none, `null` when it is out of shape. */
export function readExpiry(value: unknown): Synced['expired'] | null {
  if (value == null) return undefined;
  if (!isObject(value) || (value.text != null && typeof value.text !== 'string')) return null;
  return typeof value.text === 'string' ? { text: value.text } : {};
}

/** An answer not sent yet as stored, `undefined` when there is none, `null` when it is out of shape. */
export function readUnsent(value: unknown): Synced['unsent'] | null {
  if (value == null) return undefined;
  if (!isObject(value) || typeof value.text !== 'string') return null;
  const answer = value.answer == null ? undefined : checkAnswer(value.answer);
  return answer && !answer.ok ? null : { text: value.text, answer: answer?.value };
}

/** A failure as stored, `undefined` when there is none, `null` when it is out of shape. */
export function readFailure(value: unknown): Failure | undefined | null {
  if (value == null) return undefined;
  if (!isObject(value) || (value.action !== 'send' && value.action !== 'stream')) return null;
  const answer = value.answer == null ? undefined : checkAnswer(value.answer);
  if ((answer && !answer.ok) || (value.text != null && typeof value.text !== 'string')) return null;
  return {
    action: value.action,
    text: value.text ?? undefined,
    answer: answer?.value,
    delivered: value.delivered === true || undefined,
  };
}

/** Whether the record owes a call: a dedicated reply, a stream, or a reply. */
export const owes = (record: Synced): boolean => !!record.pending || !!record.stream || record.reply !== undefined;
