import { type CSSResult } from 'lit';
import { css } from '../theme/css.js';

/** The CSS the rendered content needs, scoped to `.fb-content`; add it to the element's static styles. */
export const messageContentStyles: CSSResult = css`
  .fb-content {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .fb-content p {
    margin: 0;
  }
  .fb-content ul,
  .fb-content ol {
    margin: 0;
    padding-inline-start: 1.4em;
  }
  .fb-content a {
    color: inherit;
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }
  .fb-content a:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: 2px;
    border-radius: 2px;
  }
  .fb-image {
    display: block;
    max-width: 100%;
    height: auto;
    border: 0;
    border-radius: var(--flowbot-media-radius, 8px);
  }
`;
