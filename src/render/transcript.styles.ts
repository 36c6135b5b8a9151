import { css } from '../theme/css.js';

/** Styles of the transcript (`transcript.ts`): rows, bubbles, avatars, typing, skeleton, notices. */
export const transcriptStyles = css`
  /* Transcript */

  .transcript {
    position: relative;
    display: flex;
    flex: 1;
    flex-direction: column;
    min-height: 0;
  }

  .jump {
    position: absolute;
    inset-block-end: 8px;
    left: 50%;
    transform: translateX(-50%);
    padding: 5px 13px;
    border-radius: 999px;
    background: var(--_primary);
    color: var(--_on-primary);
    font-size: 0.875rem;
    box-shadow: 0 4px 12px rgb(15 23 42 / 0.25);
  }

  .messages {
    flex: 1;
    min-height: 0;
    padding: 16px;
    overflow-y: auto;
    overscroll-behavior: contain;
    /* What focus scrolls into view stays clear of the "New messages" button over the end. */
    scroll-padding-block-end: 48px;
  }

  /* The transcript fills its box, which clips what is drawn outside it: its focus ring is drawn inside. */
  .messages:focus-visible {
    outline-offset: -2px;
  }

  /* The last four rows are never the browser's scroll anchor: they are the ones that change (a
     question once answered shrinks as its reply arrives), and anchoring on one would move the log up
     in that frame, which the follower (controllers/follow.ts) takes for the visitor scrolling up, and
     the reply would be left below the edge. The rows above keep the visitor's place as they read. */
  .row {
    display: flex;
    align-items: flex-end;
    gap: 8px;
    overflow-anchor: none;
  }

  /* A long transcript lays out only the rows in view, but for the last four, whose size is watched to
     follow the newest message (controllers/follow.ts): one laid out only as that scroll brings it into
     view would resize while the watch's notifications are delivered (a ResizeObserver loop). */
  .row:nth-last-child(n + 5) {
    content-visibility: auto;
    contain-intrinsic-size: auto 44px;
    overflow-anchor: auto;
  }

  .row.user {
    flex-direction: column;
    align-items: flex-end;
    gap: 2px;
  }

  /* Room for the line the on-demand part adds under a message (its time and actions, see
     element/answer-actions/answer-row.ts), where that line takes room: under the last of a run
     of bot messages. Nothing moves when it arrives. Between two bot messages it takes none: the next row comes up over it
     (answer-row.ts), unless it is a streamed answer's (which only the on-demand part draws). */
  .row.bot:not(:has(> .acts), :has(+ .row.bot), [part~='typing']) {
    padding-block-end: 26px;
  }

  .row.user:not(:has(> .user-acts)) {
    padding-block-end: 16.4px;
  }

  /* The transparent border is the bubble's edge in high contrast, where its fill is gone. */
  .bubble {
    max-width: 85%;
    padding: 7px 11px;
    border: 1px solid transparent;
    border-radius: var(--_radius);
    overflow-wrap: anywhere;
  }

  .bot-bubble {
    background: var(--_bot-bg);
    color: var(--_bot-fg);
    border-end-start-radius: 4px;
  }

  .user-bubble {
    background: var(--_user-bg);
    color: var(--_user-fg);
    border-end-end-radius: 4px;
    white-space: pre-wrap;
  }

  /*
   * Its state is drawn round the bubble, never over its text (which keeps its 4.5:1): a send that
   * takes more than a moment gets a dotted ring in the muted colour, a failed one a dashed ring in the
   * error colour and "Not sent" under it.
   */
  .row.sending .user-bubble {
    outline: 2px dotted transparent;
    outline-offset: 2px;
    animation: flowbot-sending 1ms 0.5s forwards;
  }

  .row.failed .user-bubble {
    outline: 2px dashed var(--_error);
    outline-offset: 2px;
  }

  @keyframes flowbot-sending {
    to {
      outline-color: var(--_muted);
    }
  }

  .note {
    font-size: 0.75rem;
    color: var(--_error);
  }

  .avatar,
  .avatar-space {
    flex: none;
    width: 28px;
    height: 28px;
  }

  .avatar {
    border-radius: 50%;
    object-fit: cover;
  }

  .typing {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    min-height: 2.3em;
  }

  .dot {
    width: 7px;
    height: 7px;
    border-radius: 50%;
    background: currentColor;
    opacity: 0.4;
    animation: flowbot-typing 1.2s infinite ease-in-out;
  }

  .dot:nth-of-type(2) {
    animation-delay: 0.15s;
  }

  .dot:nth-of-type(3) {
    animation-delay: 0.3s;
  }

  @keyframes flowbot-typing {
    0%,
    60%,
    100% {
      opacity: 0.35;
      transform: translateY(0);
    }
    30% {
      opacity: 1;
      transform: translateY(-3px);
    }
  }

  .skeleton {
    display: flex;
    flex-direction: column;
    gap: 8px;
  }

  .bone {
    display: block;
    width: 70%;
    height: 2.3em;
    border-radius: var(--_radius);
    background: var(--_bot-bg);
    animation: flowbot-pulse 1.4s infinite ease-in-out;
  }

  .bone.short {
    width: 45%;
  }

  .bone.field {
    width: 100%;
    height: 46px;
    border-radius: 12px;
  }

  @keyframes flowbot-pulse {
    50% {
      opacity: 0.5;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .dot,
    .bone {
      animation: none;
    }
  }

  .error,
  .notice {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    margin: 0;
    padding: 9px 11px;
    border: 1px solid transparent;
    border-radius: 12px;
    font-size: 0.875rem;
  }

  .error {
    background: #fef2f2;
    color: #991b1b;
  }

  .notice {
    background: var(--_bot-bg);
    color: var(--_bot-fg);
  }

  .retry {
    min-height: 36px;
    padding: 4px 14px;
    border: 1px solid currentColor;
    border-radius: 999px;
    background: transparent;
    color: inherit;
  }

  .retry:focus-visible {
    outline-color: currentColor;
  }

  /*
   * The log is a block, not a flex column: a row that changes (one coming into view) is laid
   * out again alone, not with all its siblings. Last, so it spaces notices (margin: 0) too.
   */
  .messages > * + * {
    margin-top: 8px;
  }
`;
