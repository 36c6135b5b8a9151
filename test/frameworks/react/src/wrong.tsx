// Must NOT type-check: run.mjs expects both errors below.
import 'flowbot-chat/jsx';

export const wrongMode = <flowbot-chat public-id="lead" mode="sideways" />;
export const wrongDetail = <flowbot-chat onflowbot-answer={(e) => e.detail.nope} />;
