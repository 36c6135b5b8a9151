/**
 * A site owner's mistakes in the element's attributes, told in the console in words that name the
 * attribute, its value and the fix (the viewer's own words when it gave some). On demand: the
 * widget's first file only tells that something is wrong (`ConversationController.misconfigured`).
 */
import type { ConversationConfig } from './options.js';

/** What keeps the widget from calling its viewer (nothing is sent): no public id, else an api-host it cannot call. */
export function configMistake({ publicId, apiHost }: ConversationConfig): string {
  if (!publicId.trim())
    return 'public-id is missing: set it to your flow-bot\'s public id, as in <flowbot-chat public-id="my-bot">. Nothing was sent.';
  const host = apiHost.trim();
  const bare = host.replace(/^[a-z][\w+.-]*:\/\//i, '');
  const scheme = /^(localhost|127\.|\[::1\])/i.test(bare) ? 'http' : 'https';
  return `api-host "${host}" has no http:// or https://, so it would be a path of this page: write api-host="${scheme}://${bare}" (or leave it out for this page's origin). Nothing was sent.`;
}

/**
 * The viewer has no such bot (a 404 on start): the id, the viewer's words, and what to check. An
 * api-host that ends with the interface's own path (`…/api/v1`, or a whole `…/api/v1/flowbots/…/startChat`
 * copied from its document) is the likely cause: the widget adds that path itself, so the fix is named.
 */
export function notFound({ publicId, apiHost }: ConversationConfig, error: unknown): string {
  const said = (error as { serverMessage?: string }).serverMessage?.slice(0, 200) ?? 'Not found (404).';
  const host = apiHost.trim();
  const path = /\/api\/v\d+(\/.*)?$/i.exec(host)?.[0];
  return `public-id "${publicId}": ${said} ${
    path
      ? `The widget adds ${path} itself: write api-host="${host.slice(0, -path.length) || '/'}".`
      : `Check the id, and that api-host (${host || "this page's origin"}) is its viewer.`
  }`;
}

/** The warnings already given, by element (its conversation). */
const given = new WeakMap<object, Set<string>>();

/** Warns of the mistake in `config` (`error`: the 404 of its start), once for `owner`. */
export function warnMistake(owner: object, config: ConversationConfig, error: unknown): void {
  const text = error === undefined ? configMistake(config) : notFound(config, error);
  let warned = given.get(owner);
  if (!warned) given.set(owner, (warned = new Set()));
  if (warned.has(text)) return;
  warned.add(text);
  console.warn(`flowbot-chat: ${text}`);
}
