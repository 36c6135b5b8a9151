// Must NOT type-check: run.mjs expects both errors below.
import 'flowbot-chat';

const el = document.createElement('flowbot-chat');
el.mode = 'sideways';
el.addEventListener('flowbot-answer', (e) => e.detail.nope);
