/**
 * Two bubbles on one spot: the one later in the page is drawn over the other, which a visitor then
 * can neither see nor reach. Said in the console, not mended (stacking would put one where the page
 * did not). On demand, with the bubble's other code (`../invitation/index.ts`): the panel asks
 * for it only when the page has more than one bubble.
 */

/** What the check reads of a bubble. */
interface Bubble extends Element {
  readonly publicId: string;
}

/** Warns when `host`, once laid out, sits on the spot of a bubble earlier in the page. */
export function warnHiddenBubble(host: Bubble): void {
  requestAnimationFrame(() => {
    const at = host.getBoundingClientRect();
    for (const other of document.querySelectorAll<Bubble>('flowbot-chat[mode=bubble]')) {
      const box = other.getBoundingClientRect();
      if (other.compareDocumentPosition(host) & 4 && box.left < at.right && at.left < box.right)
        if (box.top < at.bottom && at.top < box.bottom)
          console.warn(
            `flowbot-chat: bubble "${host.publicId}" hides bubble "${other.publicId}" (same spot): keep one, or move one with --flowbot-offset.`,
          );
    }
  });
}
