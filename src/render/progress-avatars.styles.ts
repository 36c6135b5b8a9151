import { type CSSResult } from 'lit';
import { css } from '../theme/css.js';

/** Styles of these parts; add them to the element's static styles. */
export const progressAvatarsStyles: CSSResult = css`
  /* High contrast draws the transparent outline round the track and the bar in the selection colour. */
  .progress {
    flex: none;
    block-size: 4px;
    margin: 6px 12px;
    border-radius: 2px;
    outline: 1px solid transparent;
    overflow: hidden;
    background: var(--flowbot-progress-track-color, var(--_w-progress-track, color-mix(in srgb, var(--_primary) 20%, transparent)));
  }

  .progress::before {
    content: '';
    display: block;
    block-size: 100%;
    inline-size: var(--_progress, 0%);
    /* The site's primary colour (the page's; the Widget resource's leaves no --_w-progress) over the bot theme's bar. */
    background: var(--flowbot-progress-color, var(--flowbot-primary-color, var(--_w-progress, var(--_primary))));
  }

  @media (forced-colors: active) {
    .progress::before {
      background: Highlight;
    }
  }

  /* Each message and field reads in its own direction (English in a right-to-left page, and back). */
  .bubble,
  .bubble :is(div, p, li),
  .field,
  button {
    unicode-bidi: plaintext;
  }

  .row.user:has(> .avatar) {
    display: grid;
    grid-template-columns: 1fr auto;
    justify-items: end;
    gap: 2px 8px;
  }

  /* Suggested replies look like choices: the same pills, above the field. */
  .suggestions {
    margin-block-end: 8px;
  }
`;
