/**
 * Whether what a conversation shows needs the on-demand renderers (see `on-demand.ts`):
 * its input's control, or a message drawn by them (markdown, video, audio,
 * embeds). The element asks for them when this says so, before it renders.
 */
import type { TranscriptEntry } from '../protocol/transcript.js';
import type { ChatInput } from '../protocol/types.js';
import { needsOnDemandControl } from './inputs/index.js';
import { needsOnDemand } from './message.js';

export function needsOnDemandRenderers(view: {
  readonly entries: readonly TranscriptEntry[];
  readonly input: ChatInput | undefined;
}): boolean {
  return (
    (view.input !== undefined && needsOnDemandControl(view.input)) ||
    view.entries.some((entry) => entry.kind === 'bot' && needsOnDemand(entry.message))
  );
}
