import { css } from '../../theme/css.js';

/** The notice above the conversation and the consent's buttons, in the widget's colours. */
export const consentStyles = css`
  .consent {
    margin: 12px 16px 0;
    padding: 10px 12px;
    border: 1px solid var(--_border);
    border-radius: 12px;
    background: var(--_bot-bg);
    color: var(--_bot-fg);
    font-size: 0.875rem;
  }
  .consent-text {
    margin: 0;
  }
  .consent-text + .consent-text {
    margin-top: 6px;
  }
  .consent a {
    color: inherit;
    text-decoration: underline;
  }
  .consent-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin-top: 10px;
  }
  .consent-actions button {
    min-height: 36px;
    padding: 4px 14px;
    border-radius: 999px;
    border: 1px solid;
  }
  .consent-accept {
    background: var(--_primary);
    color: var(--_on-primary);
    border-color: var(--_primary);
  }
  .consent-decline {
    background: transparent;
    color: inherit;
  }
  /* While the consent is asked for, there is nothing to answer: no empty bar under the notice. */
  .panel:has(.consent-actions) .composer {
    display: none;
  }
  @media (forced-colors: active) {
    .consent,
    .consent-actions button {
      border-color: CanvasText;
    }
  }
`;
