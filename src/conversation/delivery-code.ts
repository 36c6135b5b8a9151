/**
 * Where the controller finds the code that sends the visitor's answers (`delivery.ts`): its own
 * import in the npm build; in the script-tag build, the send file, which the first turn never needs
 * (`flowbot-chat.send.js`, brought by the element), and which an answer given before it arrives
 * waits for.
 */
import type { AnswerEntry } from '../protocol/transcript.js';
import type { ControllerOptions, DeliveryCode } from './controller-options.js';
import * as delivery from './delivery.js';
import type { DeliveryHooks } from './delivery.js';
import { isOffline } from './network.js';

/**
 * Runs `run` with the code that sends answers: at once when it is there (always in the npm build);
 * else the answer shows as sending while its file arrives. A file that does not arrive is a viewer
 * that cannot be reached (offline: an answer not sent, as `delivery.ts` keeps one): the answer
 * stays, and goes by itself once the file does.
 */
export function withDelivery(
  stage: Pick<DeliveryHooks, 'session' | 'current' | 'unreachable'>,
  options: Pick<ControllerOptions, 'delivery' | 'loadDelivery'>,
  entry: AnswerEntry | undefined,
  run: (code: DeliveryCode) => Promise<void>,
): Promise<void> {
  const code = import.meta.env.FLOWBOT_SCRIPT_TAG ? options.delivery!() : delivery;
  if (code) return run(code);
  const s = stage.session;
  s.setStatus('sending');
  return options.loadDelivery!().then(
    (loaded) => (stage.current() ? run(loaded) : undefined),
    (error: unknown) => {
      if (!stage.current()) return;
      // Asked again after the loader has heard the page is back online (its listener comes after the controller's).
      const again = (): void => void setTimeout(() => stage.current() && void withDelivery(stage, options, entry, run));
      if (entry) entry.state = 'failed';
      if (!isOffline()) return stage.unreachable(error, again);
      if (entry) s.remember({ input: s.input, unsent: { text: entry.text, answer: entry.answer } });
      s.unsent = true;
      s.fail('send', error, again, true);
    },
  );
}
