/**
 * Whether what a conversation shows needs the late renderers (see `late.ts`):
 * its input's control, or a message drawn by them (markdown, video, audio,
 * embeds). The element asks for them when this says so, before it renders.
 */
import type { TranscriptEntry } from '../protocol/transcript.js';
import type { ChatInput } from '../protocol/types.js';
import { needsLateControl } from './inputs/index.js';
import { needsOnDemand } from './message.js';

export function needsLateRenderers(view: {
  readonly entries: readonly TranscriptEntry[];
  readonly input: ChatInput | undefined;
}): boolean {
  return (
    (view.input !== undefined && needsLateControl(view.input)) ||
    view.entries.some((entry) => entry.kind === 'bot' && needsOnDemand(entry.message))
  );
}
