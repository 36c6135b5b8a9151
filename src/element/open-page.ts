/**
 * Opens the page a `redirect` action names, in this tab or a new one: in the rich messages' file
 * (`rich/index.ts`), which the element asks for when a redirect comes (most conversations have none).
 */

/** What a blocked new tab is told to. */
interface Blocked {
  /** The widget offers the page as a link instead. */
  offer(): void;
  /** Tells the bot's owner. */
  log(status: 'warning', description: string, context: string): void;
}

/**
 * Opens `url`; when the browser blocks the new tab, the widget offers a link (`blocked`). The new tab
 * gets no `opener`: not with "noopener", which always returns null, and null is how a blocked popup shows.
 */
export function openPage(url: string, newTab: boolean, blocked: Blocked): void {
  if (!newTab) return window.location.assign(url);
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
  else {
    blocked.offer();
    blocked.log('warning', 'The browser blocked the new tab of a redirect; a link is offered instead', 'redirect');
  }
}
