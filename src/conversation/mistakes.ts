/**
 * A site owner's mistakes in the element's attributes, told in the console in words that name the
 * attribute, its value and the fix (the viewer's own words when it gave some). On demand: the
 * widget's first file only tells that something is wrong (`ConversationController.misconfigured`).
 */
import { isFlowbotHttpError } from '../api/errors.js';
import { isCallableBase } from '../api/transport/core.js';
import type { ConversationConfig } from './options.js';

/** What keeps the widget from calling its viewer at all (nothing is sent), or undefined. */
export function configMistake({ publicId, apiHost }: ConversationConfig): string | undefined {
  if (!publicId.trim())
    return 'the public-id attribute is missing or empty: set it to the public id of your flow-bot, as in <flowbot-chat public-id="my-bot"> (publicId with Flowbot.init). Nothing was sent.';
  if (isCallableBase(apiHost)) return undefined;
  const host = apiHost.trim();
  const bare = host.replace(/^[a-z][\w+.-]*:\/\//i, '');
  const scheme = /^(localhost|127\.|\[::1\])/i.test(bare) ? 'http' : 'https';
  return `api-host "${host}" is not a URL the widget can call (without http:// or https:// the browser would send to a path of this page): write api-host="${scheme}://${bare}", or leave it out for this page's own origin. Nothing was sent.`;
}

/** The viewer has no such bot (a 404 on start): the id, the viewer's words, and what to check. */
export function notFound({ publicId, apiHost }: ConversationConfig, error: unknown): string {
  const said =
    isFlowbotHttpError(error) && error.serverMessage ? error.serverMessage.slice(0, 200) : 'Not found (404).';
  return `public-id "${publicId}": ${said} Use the public id of a published flow-bot, and an api-host that is its viewer (now ${apiHost.trim() || "this page's origin"}).`;
}

/** The warnings already given, by element (its conversation). */
const given = new WeakMap<object, Set<string>>();

/** Warns of the mistake in `config` (`error`: the 404 of its start), once for `owner`. */
export function warnMistake(owner: object, config: ConversationConfig, error: unknown): void {
  const text = error === undefined ? configMistake(config) : notFound(config, error);
  let warned = given.get(owner);
  if (!warned) given.set(owner, (warned = new Set()));
  if (!text || warned.has(text)) return;
  warned.add(text);
  console.warn(`flowbot-chat: ${text}`);
}
