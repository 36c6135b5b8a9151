/**
 * Measures of what a visitor perceives, for the WCAG tests: colours as painted (with the
 * backgrounds behind them and every element's opacity composited), contrast ratios, the controls a visitor can reach, and
 * what clips them. Everything is read from computed style and geometry in the real browser.
 */
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';

export type Rgba = [number, number, number, number];

const pixel = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true })!;

/** A computed colour (any CSS colour: `rgb()`, `oklab()`, `color-mix()`…) as sRGB 0–255 channels and alpha, as the browser paints it. */
export function parseColour(value: string): Rgba {
  pixel.clearRect(0, 0, 1, 1);
  pixel.fillStyle = 'rgba(0, 0, 0, 0)';
  pixel.fillStyle = value;
  pixel.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = pixel.getImageData(0, 0, 1, 1).data;
  return [r!, g!, b!, a! / 255];
}

/** `top` painted over the opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
}

function luminance([r, g, b]: Rgba): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The WCAG contrast ratio of two opaque colours. */
export function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The parent in the flat tree: a shadow root's host, a slotted node's slot is not needed here. */
function parentOf(node: Element): Element | null {
  if (node.parentElement) return node.parentElement;
  const root = node.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/** `[r, g, b, a]` with its colour channels multiplied by its alpha (what compositing works in). */
const premultiplied = ([r, g, b, a]: Rgba): Rgba => [r * a, g * a, b * a, a];

/** Premultiplied `top` drawn over premultiplied `bottom` (source-over). */
const sourceOver = (top: Rgba, bottom: Rgba): Rgba =>
  top.map((channel, i) => channel + bottom[i]! * (1 - top[3])) as Rgba;

/**
 * The opaque colour a visitor sees at `node`: `ink` (its text colour; none for its background) over
 * its own background, inside every ancestor's, each element with what it holds drawn as one group
 * at its `opacity` (as the browser paints it), over a white page. An element at 0.75 opacity shows
 * its text and its background a quarter of the way to what is behind it: the contrast a visitor
 * gets, not the one its computed colours claim.
 */
function painted(node: Element, ink: Rgba | undefined): Rgba {
  let group: Rgba = ink ? premultiplied(ink) : [0, 0, 0, 0];
  for (let at: Element | null = node; at; at = parentOf(at)) {
    const style = getComputedStyle(at);
    const opacity = Number(style.opacity);
    group = sourceOver(group, premultiplied(parseColour(style.backgroundColor))).map(
      (channel) => channel * opacity,
    ) as Rgba;
  }
  const [r, g, b] = sourceOver(group, [255, 255, 255, 1]);
  return [r, g, b, 1];
}

/** The opaque colour painted behind `node`: its own background and its ancestors', at their opacity, over white. */
export function backgroundOf(node: Element): Rgba {
  return painted(node, undefined);
}

/** The opaque colour of `node`'s text as painted: over what is behind it, at its and its ancestors' opacity. */
export function textColourOf(node: Element): Rgba {
  return painted(node, parseColour(getComputedStyle(node).color));
}

/** Whether `node` is rendered and takes room (not display:none, not zero-sized, not visually hidden). */
export function shown(node: Element): boolean {
  const rect = node.getBoundingClientRect();
  if (rect.width < 2 || rect.height < 2) return false;
  for (let at: Element | null = node; at; at = parentOf(at)) {
    const style = getComputedStyle(at);
    if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
    if (at.classList.contains('visually-hidden')) return false;
  }
  return true;
}

/**
 * Every element inside the widget's shadow root that shows text of its own, but a disabled control's
 * (an inactive component: 1.4.3 asks nothing of its contrast).
 */
export function textElements(el: FlowbotChat): Element[] {
  const out = new Set<Element>();
  const walker = document.createTreeWalker(el.shadowRoot!, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && node.textContent!.trim() && shown(parent) && !parent.closest('[aria-hidden="true"], :disabled'))
      out.add(parent);
  }
  return [...out];
}

/** Whether `node`'s text is large by WCAG (18pt, or 14pt bold). */
export function largeText(node: Element): boolean {
  const style = getComputedStyle(node);
  const px = parseFloat(style.fontSize);
  return px >= 24 || (px >= 18.66 && Number(style.fontWeight) >= 700);
}

/** What a visitor can operate: buttons, links, fields, and the labels that stand for hidden radios and checkboxes. */
export function controlsOf(el: FlowbotChat): HTMLElement[] {
  const root = el.shadowRoot!;
  const found = [
    ...root.querySelectorAll<HTMLElement>(
      'button, a[href], textarea, select, input:not([type="radio"]):not([type="checkbox"]):not([type="file"]):not([type="hidden"])',
    ),
    // A radio or checkbox drawn as its label (the label is the target), and a file input drawn as its drop zone.
    ...[...root.querySelectorAll<HTMLInputElement>('input[type="radio"], input[type="checkbox"], input[type="file"]')]
      .map((input) => input.closest('label'))
      .filter((label): label is HTMLLabelElement => label !== null),
  ];
  return [...new Set(found)].filter(shown);
}

/** The rectangles that clip `node`: each ancestor (inside the widget) whose overflow is not visible or that contains its paint. */
export function clippersOf(node: Element): DOMRect[] {
  const out: DOMRect[] = [];
  for (let at = parentOf(node); at && at.localName !== 'flowbot-chat'; at = parentOf(at)) {
    const style = getComputedStyle(at);
    // Paint containment clips too (`contain: paint`, and `content-visibility: auto`, which implies it).
    const contained = /paint|strict|content/.test(style.contain) || style.contentVisibility === 'auto';
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible' || contained)
      out.push(at.getBoundingClientRect());
  }
  return out;
}

/** The box a focus indicator paints around `node`: its border box grown by the outline's width and offset. */
export function outlineBox(node: Element): DOMRect {
  const style = getComputedStyle(node);
  const grow = parseFloat(style.outlineWidth || '0') + parseFloat(style.outlineOffset || '0');
  const rect = node.getBoundingClientRect();
  return new DOMRect(rect.x - grow, rect.y - grow, rect.width + 2 * grow, rect.height + 2 * grow);
}

/** Whether `inner` lies within `outer` (to half a pixel). */
export const within = (inner: DOMRect, outer: DOMRect): boolean =>
  inner.left >= outer.left - 0.5 &&
  inner.top >= outer.top - 0.5 &&
  inner.right <= outer.right + 0.5 &&
  inner.bottom <= outer.bottom + 0.5;

/** How an element draws a focus indicator: its outline (2 px at least, else none) and its box shadow. */
function ringStyle(at: Element): { outline: string; shadow: string } {
  const style = getComputedStyle(at);
  const drawn = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
  return {
    outline: drawn ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} ${style.outlineOffset}` : '',
    shadow: style.boxShadow,
  };
}

/** Whether a computed `box-shadow` paints something: its first shadow has a colour and a spread or a blur. */
function paints(shadow: string): boolean {
  const found = /^(rgba?\([^)]*\))\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+([\d.]+)px(?:\s+(-?[\d.]+)px)?/.exec(shadow);
  if (!found) return false;
  const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(found[1]!)?.[1];
  return (
    (alpha === undefined || parseFloat(alpha) > 0) && (parseFloat(found[4]!) > 0 || parseFloat(found[5] ?? '0') > 0)
  );
}

/**
 * The element that shows `node`'s focus: `node` itself, or the nearest ancestor (a label, a
 * drop zone) that draws the ring for a control hidden inside it. Call it with `node` focused: what
 * is drawn then is compared with what is drawn once `node` has lost focus (it gets it back), so
 * only an indicator that focus brings counts (an outline of 2 px or more, or a box shadow that
 * paints), never a frame or a shadow the control shows at all times.
 */
export function focusRingOf(node: Element): Element | undefined {
  const chain: Element[] = [];
  // A visually hidden radio's own outline is clipped away: its label draws the ring that is seen.
  for (let at: Element | null = node, i = 0; at && i < 3; at = parentOf(at), i++) if (shown(at)) chain.push(at);
  const focused = chain.map(ringStyle);
  (node as HTMLElement).blur();
  const unfocused = chain.map(ringStyle);
  (node as HTMLElement).focus({ preventScroll: true });
  return chain.find((_, i) => {
    const [now, before] = [focused[i]!, unfocused[i]!];
    return (now.outline && now.outline !== before.outline) || (now.shadow !== before.shadow && paints(now.shadow));
  });
}
