/**
 * The renderers loaded on demand, the first time a conversation needs them
 * (see `on-demand-source.ts`): markdown's blocks,
 * the voice's mute switch, suggested replies and the notices (a blocked redirect, an
 * expired conversation, a cut stream). What an agent did (tool calls, thinking,
 * sources) is the element's `agent/` feature, a streamed answer while it grows
 * its `stream/` feature, and video, audio and embed messages its `media/` feature,
 * in the same on-demand part, which also reads the markdown
 * and gathers the styles of these (`element/rich/index.ts`). The rarer controls are
 * a part of their own (`on-demand-controls.ts`).
 */
export { renderMuteButton } from './mute-button.js';
// Suggested replies and the link of a blocked redirect: few conversations show them.
export {
  readSuggestions,
  renderExpired,
  renderRedirectLink,
  renderStreamFailure,
  renderSuggestions,
} from './suggestions-notices.js';
export { markdownContent } from './markdown.js';
