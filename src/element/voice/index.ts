/**
 * The voice (the Widget resource's `voiceActive`), as the widget speaks it: bot messages read
 * aloud and the visitor's mute switch, remembered for the whole site (`speech.ts`), and that
 * switch in the header (`mute-button.ts`, the `VoiceRenderers` the header draws, declared in
 * `render/on-demand-source.ts`). It is part of the rich messages' on-demand part
 * (`../rich/index.ts` re-exports it): most widgets never speak, and never load it.
 */
export { renderMuteButton } from './mute-button.js';
export { SpeechController } from './speech.js';
