/** Scripted viewers whose stream is cut into chosen chunks, for the streaming tests. */
import { vi } from 'vitest';
import { textMessage } from '../../support/fake-viewer.js';
import { cutAt } from '../../support/cut-at.js';

export const encoder = new TextEncoder();
export const dataStream = (pieces: string[]): Uint8Array =>
  encoder.encode(
    `f:{"messageId":"m"}\n${pieces.map((p) => `0:${JSON.stringify(p)}\n`).join('')}e:{}\nd:{"finishReason":"stop"}\n`,
  );

/** Splits `text` into pieces at `cuts` (positions in code units, never inside a surrogate pair). */
export function piecesOf(text: string, cuts: number[]): string[] {
  const points = cuts.map((c) => c % (text.length + 1));
  return cutAt(
    text,
    points.filter((c) => !(c > 0 && c < text.length && /[\uDC00-\uDFFF]/.test(text[c]!))),
  );
}

/** Splits bytes into network chunks at `cuts` (anywhere, inside UTF-8 characters too). */
export const chunksOf = (bytes: Uint8Array, cuts: number[]): Uint8Array[] => cutAt(bytes, cuts);

export interface Scripted {
  calls: Array<{ url: string; body: unknown; signal: AbortSignal | null }>;
  /** Releases the next chunk of the stream (when the stream is gated). */
  release: () => void;
}

/**
 * A viewer whose start response asks for a stream; the stream answers with
 * `chunks` (all at once, or one per `release()` when `gated`), or with
 * `streamStatus` first; continue answers a thank-you and a text input.
 */
export function scriptedViewer(
  chunks: () => Uint8Array[],
  options: { gated?: boolean; streamStatus?: number[]; before?: unknown[] } = {},
): Scripted {
  const calls: Scripted['calls'] = [];
  const statuses = [...(options.streamStatus ?? [])];
  let release: () => void = () => undefined;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const raw = await request.clone().text();
    calls.push({ url: request.url, body: raw ? JSON.parse(raw) : undefined, signal: request.signal });
    if (request.url.includes('/startChat')) {
      return Response.json({
        sessionId: 's-1',
        resultId: 'r-1',
        flowbot: { id: 'b', version: '1' },
        messages: [...(options.before ?? []), textMessage('q', 'Let me look that up.')],
        clientSideActions: [{ type: 'stream', stream: true, lastBubbleBlockId: 'q' }],
      });
    }
    if (request.url.includes('/streamMessage')) {
      const status = statuses.shift();
      if (status) return Response.json({ message: 'busy' }, { status });
      const list = chunks();
      let i = 0;
      let allowed = 0;
      let wake: (() => void) | undefined;
      release = () => {
        allowed++;
        wake?.();
      };
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          while (options.gated && i >= allowed && i < list.length)
            await new Promise<void>((resolve) => (wake = resolve));
          if (i < list.length) controller.enqueue(list[i++]!);
          else controller.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
    if (request.url.includes('/clientLogs')) return new Response(null, { status: 204 });
    return Response.json({
      messages: [textMessage('after', 'Anything else?')],
      input: { id: 'next', type: 'text input' },
    });
  });
  return { calls, release: () => release() };
}
