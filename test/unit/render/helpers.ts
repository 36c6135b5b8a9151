import { fixture, html } from '@open-wc/testing';

/** Renders a template (or null) into a fresh container in the document. */
export function mount(content: unknown): Promise<HTMLDivElement> {
  return fixture<HTMLDivElement>(html`<div>${content}</div>`);
}

/** The container's markup without Lit's marker comments, for comparing structures. */
export function markup(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const c of comments) c.parentNode?.removeChild(c);
  copy.normalize();
  return copy.innerHTML;
}

/** URLs that must never reach an href or src. */
export const HOSTILE_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '  javascript:alert(1)',
  '\u0000javascript:alert(1)',
  '\u0001\u001fjavascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\r\nscript:alert(1)',
  '\u200bjavascript:alert(1)',
  'javascript&#58;alert(1)',
  'javascript&#x3A;alert(1)',
  'javascript&colon;alert(1)',
  '&#106;avascript:alert(1)',
  '&#x6A;&#x61;vascript:alert(1)',
  'jav&#x09;ascript:alert(1)',
  'jav&tab;ascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  ' data:image/png;base64,AAAA',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'blob:https://example.com/5d4c1f1a-1b2c-4d3e-8f9a-0b1c2d3e4f50',
  'file:///etc/passwd',
  'about:blank',
];
