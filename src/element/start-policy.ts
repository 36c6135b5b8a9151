/**
 * When `<flowbot-chat>` starts its conversation, with what, and its first render: the lifecycle its
 * public class leaves to this module (`scheduleUpdate` and `willUpdate` call it, and `restart()`).
 */
import type { PropertyValues } from 'lit';
import type { ConversationController } from '../conversation/controller.js';
import { isObject } from '../protocol/json.js';
import { hasEarlyStart } from '../script-tag/handover.js';
import type { Chat, ChatHost } from './chat.js';
import { createWidgetClient } from './widget-client.js';

/**
 * Resolves in a task of its own, after the tasks already queued. A message to itself, not a
 * timer: a hidden tab delays timers by up to a second, never messages.
 */
export function nextTask(): Promise<unknown> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = resolve;
    port2.postMessage(0);
  });
}

/**
 * Gives `session` what its next start reads (`config`): the element's attributes, and a client of
 * the viewer at `api-host`, made again only when `api-host` changes (this runs before every update).
 * A client made while the script-tag file's early start is on its way takes it for its first
 * request, and sends as any other once it is taken; none is sent once the widget's code is there.
 * Before each update, and a restart.
 */
export function configure(host: ChatHost, session: ConversationController): void {
  const { publicId, apiHost } = host;
  const { client } = session.config;
  session.config = {
    publicId,
    apiHost,
    prefilledVariables: host.prefilledVariables,
    greeting: typeof host.widget?.aiFirstMessage === 'string' ? host.widget.aiFirstMessage : undefined,
    persist: host.persist,
    streaming: !host.disableStreaming,
    persistKey: host.persistKey || host.id,
    client: client && session.config.apiHost === apiHost ? client : createWidgetClient(apiHost, host),
  };
}

/**
 * Before each update: the conversation is given the element's attributes (`configure`); a widget
 * switched off is unavailable; another bot or server drops the conversation; a widget in view
 * (inline, or an open bubble or popup) with a public id starts one, as does one whose start the
 * script tag sent (a bubble tapped before the code, closed again since), and attributes that reach no
 * viewer are told of at once; one that asks for consent (`consent="required"`) only once the
 * visitor gave it. Then the theme follows.
 */
export function startWhenWanted(host: ChatHost, chat: Chat, changed: PropertyValues): void {
  const { session, panel } = chat;
  const { status } = session.state;
  configure(host, session);
  if (isObject(host.widget) && host.widget.isActivated === false) {
    if (status !== 'unavailable') session.reset('unavailable');
  } else {
    if (status === 'unavailable') session.reset();
    // Another bot or server: the old conversation is meaningless.
    if ((changed.has('publicId') || changed.has('apiHost')) && session.state.status !== 'idle') session.reset();
    // Attributes that reach no viewer are told of at once (in the console, and in the panel), closed or not.
    if (
      host.isConnected &&
      session.state.status === 'idle' &&
      // A bubble tapped open before the code was there sent its start: its conversation is on, open or not.
      (session.misconfigured || (host.publicId && (!panel.floating || host.open || hasEarlyStart(host)))) &&
      // Nothing goes to the viewer before the visitor accepts, when the widget asks for consent.
      (host.consent !== 'required' || chat.features.consent?.accepted)
    ) {
      // With the script-tag file's early start on its way, the first render draws the widget alone
      // and the conversation takes that start over in the next task: the page's load has no task of both.
      if (!host.hasUpdated && hasEarlyStart(host)) void nextTask().then(() => host.requestUpdate());
      else session.start();
    }
  }
  chat.theme.apply(host.renderRoot, host.widget, session.state);
}
