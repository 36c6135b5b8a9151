/**
 * An icon as the widget draws it (`icon()` in `render/chrome.ts`), built as nodes by the files that
 * draw before the widget's code (the launcher's, the preview's): a 24-unit square holding one path,
 * hidden from assistive technology and never focused. Each of those files bundles this module.
 */
const SVG = 'http://www.w3.org/2000/svg';

/** The icon of `path` (an SVG path's `d`). */
export function svgIcon(path: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.append(document.createElementNS(SVG, 'path'));
  svg.firstElementChild!.setAttribute('d', path);
  return svg;
}
