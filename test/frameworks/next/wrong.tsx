// Must NOT type-check: run.mjs expects both errors below.
import { FlowbotChat } from 'flowbot-chat/react';

export const wrongMode = <FlowbotChat publicId="lead" mode="sideways" />;
export const wrongDetail = <FlowbotChat onAnswer={(e) => e.detail.nope} />;
