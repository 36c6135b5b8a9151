/**
 * A whole HTML page from what it has of its own: the shell (doctype, `<html>`, the charset, the
 * viewport, the title) is the same on every page the e2e site and the bench serve.
 */
export interface HtmlPage {
  readonly title: string;
  /** The `<html>` element's attributes (default `lang="en"`). */
  readonly html?: string;
  /** Without `<meta name="viewport">` (a page as a desktop-only site writes it). */
  readonly noViewport?: true;
  readonly head?: readonly string[];
  /** The `<body>` element's attributes. */
  readonly bodyAttributes?: string;
  readonly body: readonly string[];
}

export function htmlDocument({
  title,
  html = 'lang="en"',
  noViewport,
  head = [],
  bodyAttributes,
  body,
}: HtmlPage): string {
  return [
    '<!doctype html>',
    html ? `<html ${html}>` : '<html>',
    '<head>',
    '<meta charset="utf-8" />',
    ...(noViewport ? [] : ['<meta name="viewport" content="width=device-width, initial-scale=1" />']),
    `<title>${title}</title>`,
    ...head,
    '</head>',
    bodyAttributes ? `<body ${bodyAttributes}>` : '<body>',
    ...body,
    '</body>',
    '</html>',
  ].join('\n');
}
