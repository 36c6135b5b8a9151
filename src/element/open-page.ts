/** Opens the page a `redirect` action names, in this tab or a new one. */

/**
 * Opens `url`; returns false when the browser blocked the new tab (the
 * widget then offers a link). The new tab gets no `opener`: not with
 * "noopener", which always returns null, and null is how a blocked popup shows.
 */
export function openPage(url: string, newTab: boolean): boolean {
  if (!newTab) {
    window.location.assign(url);
    return true;
  }
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
  return !!tab;
}
