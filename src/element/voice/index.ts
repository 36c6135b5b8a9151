/**
 * The voice (the Widget resource's `voiceActive`), as the widget speaks it: bot messages read
 * aloud and the visitor's mute switch, remembered for the whole site (`speech.ts`), and that
 * switch in the header (`mute-button.ts`, the `VoiceRenderers` the header draws, declared in
 * `render/on-demand-source.ts`). Beside the script tag it is a file of its own,
 * `flowbot-chat.voice.js`, fetched by a widget whose Widget resource turns the voice on: most
 * widgets never speak, and never load it.
 */
export { renderMuteButton } from './mute-button.js';
export { SpeechController } from './speech.js';

import type * as Self from './index.js';

/** What the voice's file exports. */
export type VoiceModule = typeof Self;
