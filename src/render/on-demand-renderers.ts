/**
 * The renderers loaded on demand, the first time a conversation needs them
 * (see `on-demand-source.ts`): markdown's blocks. What an agent did (tool calls, thinking,
 * sources) is the element's `agent/` feature, a streamed answer while it grows
 * its `stream/` feature, video, audio and embed messages its `media/` feature,
 * the voice's mute switch its `voice/` feature, suggested replies its `suggestions/`
 * feature and the notices (a blocked redirect, an expired conversation, a cut stream)
 * its `notices/` feature, in the same on-demand part, which also reads the markdown
 * and gathers the styles of these (`element/rich/index.ts`). The rarer controls are
 * a part of their own (the element's `controls/`).
 */
export { markdownContent } from './markdown.js';
