/**
 * Loaded on demand, when the Widget resource turns the voice on.
 *
 * Bot messages read aloud with the browser's speech synthesis (the Widget
 * resource's `voiceActive` and `audioVoice`), and the visitor's mute switch,
 * remembered for the whole site.
 *
 * Nothing is spoken before the visitor has interacted with the page (the
 * browser's sticky user activation where it exists, else the widget's own
 * record of a click or key press), while muted, or without the API.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChatMessage } from '../../protocol/types.js';

const MUTED_KEY = 'flowbot-chat:muted';

/** Reads bot messages aloud for a host element. */
export class SpeechController implements ReactiveController {
  private readonly host: ReactiveControllerHost;
  private isMuted: boolean | undefined;
  /** Only speech this widget started is cancelled: the page may speak too. */
  private spoke = false;
  private connected = false;

  /** What is read aloud of a message (the element's plain-text summary). */
  private readonly toPlain: (message: ChatMessage) => string;

  constructor(host: ReactiveControllerHost, toPlain: (message: ChatMessage) => string) {
    this.host = host;
    this.toPlain = toPlain;
    host.addController(this);
  }

  /** Whether the browser can speak at all. */
  get available(): boolean {
    return typeof speechSynthesis === 'object' && typeof SpeechSynthesisUtterance === 'function';
  }

  /** Whether the visitor muted the voice (remembered in `localStorage`). */
  get muted(): boolean {
    try {
      this.isMuted ??= localStorage.getItem(MUTED_KEY) === '1';
    } catch {
      this.isMuted = false;
    }
    return this.isMuted;
  }

  /** Mutes or unmutes; muting silences what is being read. */
  toggle(): void {
    this.isMuted = !this.muted;
    try {
      localStorage.setItem(MUTED_KEY, this.isMuted ? '1' : '0');
    } catch {
      // Remembered for this page only.
    }
    if (this.isMuted) this.cancel();
    this.host.requestUpdate();
  }

  /**
   * Reads a text message aloud in `voice` (matched by name or voiceURI), else
   * in the default voice of `lang`. `interacted`: the widget saw a click or
   * key press, used where the browser does not report user activation.
   */
  speak(message: ChatMessage, lang: string, voice: unknown, interacted: boolean): void {
    const activation = globalThis.navigator?.userActivation;
    const text = message.type === 'text' && this.toPlain(message);
    if (
      !text ||
      !this.connected ||
      !this.available ||
      this.muted ||
      !(activation ? activation.hasBeenActive : interacted)
    ) {
      return;
    }
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    const match = speechSynthesis.getVoices().find((v) => v.name === voice || v.voiceURI === voice);
    if (match) {
      utterance.voice = match;
      utterance.lang = match.lang;
    }
    speechSynthesis.speak(utterance);
    this.spoke = true;
  }

  hostConnected(): void {
    this.connected = true;
  }

  hostDisconnected(): void {
    this.connected = false;
    this.cancel();
  }

  /** Stops reading. */
  private cancel(): void {
    if (this.spoke) speechSynthesis.cancel();
    this.spoke = false;
  }
}
