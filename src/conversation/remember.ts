/**
 * A widget with `persist` starting, and what a remembered conversation owes: the store made (with
 * `local`, kept in step with the site's other tabs), then the remembered conversation put back on
 * screen and gone on with, or a new one started; or, when nothing was stored and the conversation
 * started at once, that one kept. Only such widgets need it: it comes with the persist file.
 */
import type { ChatAnswer } from '../protocol/types.js';
import type { expiry } from './expiry.js';
import type { ConversationConfig, ConversationNotice } from './options.js';
import { ConversationStore, type Owed, type StoredConversation } from './persistence.js';
import type { Session } from './session.js';
import type { TabHost } from './tab-host.js';
import { readTypingEmulation } from './typing.js';

/** What a remembered conversation reaches of its controller (its stage, see `controller.ts`). */
export interface RememberStage extends Omit<TabHost, 'owe' | 'session'> {
  readonly session: Session;
  /** Whether the host is on the page. */
  connected(): boolean;
  /** The next transcript entry's key. */
  nextKey(): number;
  notify(notice: ConversationNotice): void;
  /** The expiry's code, once it is there (it shows a remembered conversation known to be gone). */
  expiry(): typeof expiry | undefined;
  /** Sends a reply with no bubble of its own, or continues without one. */
  deliver(entry: undefined, reply?: ChatAnswer): Promise<void>;
  /** Streams the bot's AI answer again. */
  stream(messages: readonly unknown[] | undefined): Promise<void>;
}

/**
 * Starts the remembered conversation of `config` (`fresh`: put among the earlier ones first), or keeps the one that
 * started at once (`atOnce`: nothing was stored); `startNew` starts a new one.
 */
export function remember(
  stage: RememberStage,
  config: ConversationConfig,
  atOnce: boolean,
  fresh: boolean,
  startNew: () => void,
): void {
  const s = stage.session;
  const go = (owed: Owed): void => owe(stage, owed);
  const host: TabHost = { ...stage, owe: go };
  const store = new ConversationStore(config.persist, config.publicId, config.apiHost, config.persistKey, host);
  // A widget that left the page meanwhile still saves its conversation (the next page shows it); it
  // holds the key again when it comes back.
  if (atOnce) {
    if (stage.connected()) store.claim();
    return s.keep(store);
  }
  store.claim();
  s.store = store;
  // Start again, New conversation: the one left stays among the earlier ones.
  if (fresh) store.archive();
  const saved = store.load();
  if (!saved) return startNew();
  s.typingSettings = readTypingEmulation(saved.flowbot);
  restore(s, saved, stage, go);
}

/**
 * Puts a remembered conversation (`saved`) back on screen in `s`, then goes on where it was
 * (`owe`), unless it is known to be gone (the expiry shows it so: it expired in this tab before the
 * reload, or in another).
 */
function restore(s: Session, saved: StoredConversation, stage: RememberStage, go: (owed: Owed) => void): void {
  s.restored = true;
  s.sessionId = saved.sessionId;
  s.resultId = saved.resultId;
  s.flowbot = saved.flowbot;
  s.dynamicTheme = saved.dynamicTheme ?? {};
  s.progress = saved.progress;
  s.entries = saved.entries.map((entry) =>
    entry.kind === 'bot'
      ? { ...entry, key: stage.nextKey(), local: !!entry.local, restored: true }
      : { ...entry, key: stage.nextKey(), answer: entry.answer, state: 'sent' },
  );
  s.serverMessages = s.entries.length;
  const owed = saved.reply !== undefined || !!saved.stream;
  s.setStatus(saved.input || saved.pending || owed ? 'ready' : 'ended');
  stage.notify({ type: 'start', sessionId: saved.sessionId, resultId: saved.resultId, restored: true });
  if (!saved.expired || !stage.expiry()?.restore(s, saved.expired)) go(saved);
}

/** Goes on with what a remembered conversation owes (also for a tab that went away mid-call). */
export function owe(stage: RememberStage, saved: Owed): void {
  const s = stage.session;
  const { unsent, input } = saved;
  if (unsent && input) {
    // An answer that never left the browser (it was offline): it goes now, or once the browser is
    // back online; its words stay in the field meanwhile (the store puts them in the input).
    s.input = input;
    s.unsent = true;
    stage.controller.send(unsent.answer, unsent.text);
  }
  // A streamed answer that was complete is sent as the reply; one that was not streams again.
  else if (saved.reply !== undefined) void stage.deliver(undefined, { type: 'text', text: saved.reply });
  else if (saved.stream) void stage.stream(saved.stream.messages);
  else if (saved.pending) void stage.deliver(undefined);
  else if (saved.input) {
    s.input = saved.input;
    stage.notify({ type: 'input', input: saved.input });
  }
}
