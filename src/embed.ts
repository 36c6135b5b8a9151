/**
 * The script-tag entry: registers `<flowbot-chat>` and exposes
 * `window.Flowbot.init(options)`. Loading the file twice is harmless: the
 * built file runs only when `window.Flowbot` is not there yet (see
 * `scriptTagRunsOnce` in the build plugins), so a second copy evaluates
 * nothing, not even Lit's Trusted Types policy.
 */
import { defineFlowbotChat } from './define.js';
import type { PersistMode } from './conversation/persistence.js';
import type { FlowbotChat, FlowbotChatMode, FlowbotWidget } from './flowbot-chat.js';

/** The package version (kept equal to package.json's by a test). */
export const version = '0.1.0';

/** Options of `Flowbot.init`. */
export interface FlowbotInitOptions {
  /** The public id of the flow-bot. */
  publicId: string;
  /** The viewer base URL. Default: the page's origin. */
  apiHost?: string;
  /** `standard` (inline), `bubble` or `popup`. Default `standard`. */
  mode?: FlowbotChatMode;
  /** The Widget resource, or part of it. */
  widget?: FlowbotWidget;
  /** Variables sent with `startChat`. */
  prefilledVariables?: Record<string, unknown>;
  /** UI language (the `lang` attribute). Default: the page's. */
  lang?: string;
  /** Open the bubble or popup at once. */
  open?: boolean;
  /** Remember the conversation across reloads: `none` (default), `session` or `local`. */
  persist?: PersistMode;
  /** Where to append the element: an element or a selector. Default `document.body`. */
  target?: Element | string;
}

/** `window.Flowbot`. */
export interface FlowbotGlobal {
  /** Creates a `<flowbot-chat>`, sets `options` on it and appends it (once the page is parsed, if need be). */
  init(options: FlowbotInitOptions): FlowbotChat;
  /** The version of the script. */
  readonly version: string;
}

declare global {
  interface Window {
    Flowbot?: FlowbotGlobal;
  }
}

function init(options: FlowbotInitOptions): FlowbotChat {
  const el = document.createElement('flowbot-chat');
  el.publicId = options.publicId;
  if (options.apiHost !== undefined) el.apiHost = options.apiHost;
  if (options.mode !== undefined) el.mode = options.mode;
  if (options.widget !== undefined) el.widget = options.widget;
  if (options.prefilledVariables !== undefined) el.prefilledVariables = options.prefilledVariables;
  if (options.lang) el.lang = options.lang;
  if (options.open) el.isOpen = true;
  if (options.persist !== undefined) el.persist = options.persist;

  const mount = (): void => {
    const { target } = options;
    let parent: Element | null = document.body;
    if (typeof target === 'string') {
      parent = document.querySelector(target);
      if (!parent) console.warn(`Flowbot.init: no element matches "${target}"; using <body>`);
    } else if (target) {
      parent = target;
    }
    (parent ?? document.body).append(el);
  };
  // A selector or <body> may not exist yet while the page is still being parsed.
  if (document.readyState === 'loading' && (typeof options.target === 'string' || !document.body)) {
    document.addEventListener('DOMContentLoaded', mount, { once: true });
  } else {
    mount();
  }
  return el;
}

// Called, not only imported: package.json's `sideEffects` lets a bundler drop a bare import of
// define.ts (it is safe to run twice: whichever copy came first keeps the tag).
if (typeof window !== 'undefined') {
  defineFlowbotChat();
  window.Flowbot ??= { init, version };
}
