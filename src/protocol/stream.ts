/**
 * The "data stream" text format of streamed AI answers (see the viewer
 * protocol, "Streamed AI answers"): one part per line, `CODE:JSON`. Code `0`
 * is a piece of the answer's text, `3` an error; every other code (`f`
 * message start, `e` step finish, `d` finish, …) is metadata.
 *
 * Dependency-free, so the client, the widget and the reference server share it.
 *
 * @example
 * ```ts
 * const decoder = new DataStreamDecoder();
 * for (const part of decoder.push(bytes)) if (part.type === 'text') answer += part.text;
 * for (const part of decoder.end()) …
 * ```
 */
import { parseJson } from './json.js';

/** A failure of the stream request answered by one retry after 3 s (viewer protocol). */
export const RETRIED_STATUSES = [403, 500, 503];
/** Wait before that retry, in ms. */
export const STREAM_RETRY_MS = 3000;

/** One part of a data stream, as the reader sees it. */
export type DataStreamPart =
  /** Code `0`: a piece of the answer, to append. */
  | { type: 'text'; text: string }
  /** Code `3`: the server reports a failure; the answer stops here. */
  | { type: 'error'; message: string }
  /** Any other code, with its parsed value (undefined when the line is not valid JSON). */
  | { type: 'other'; code: string; value: unknown };

/** The content type a data stream is sent with. */
export const DATA_STREAM_CONTENT_TYPE = 'text/plain; charset=utf-8';

/** The longest line kept while waiting for its end: a runaway line is dropped, not buffered forever. */
export const MAX_DATA_STREAM_LINE = 1024 * 1024;

/** One encoded line: `0:"piece"\n`. */
export function encodeDataStreamPart(code: string, value: unknown): string {
  return `${code}:${JSON.stringify(value)}\n`;
}

/**
 * Turns bytes (or text) arriving in chunks of any size into parts. A part may
 * be split anywhere across chunks, inside a UTF-8 character too, and one chunk
 * may hold many parts. Blank lines and lines without `CODE:` are skipped.
 */
export class DataStreamDecoder {
  private readonly utf8 = new TextDecoder('utf-8');
  private pending = '';
  private skipping = false;

  /** Feeds the next chunk; returns the parts it completed. */
  push(chunk: Uint8Array | string): DataStreamPart[] {
    const text = typeof chunk === 'string' ? chunk : this.utf8.decode(chunk, { stream: true });
    return this.lines(text, false);
  }

  /** The stream ended: returns the last part when it had no final line break. */
  end(): DataStreamPart[] {
    return this.lines(this.utf8.decode(), true);
  }

  private lines(text: string, last: boolean): DataStreamPart[] {
    const parts: DataStreamPart[] = [];
    let start = 0;
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
      const line = this.pending + text.slice(start, newline);
      this.pending = '';
      start = newline + 1;
      if (this.skipping) {
        this.skipping = false;
        continue;
      }
      const part = parseDataStreamLine(line);
      if (part) parts.push(part);
    }
    const rest = text.slice(start);
    if (!this.skipping) this.pending += rest;
    if (this.pending.length > MAX_DATA_STREAM_LINE) {
      this.pending = '';
      this.skipping = true;
    }
    if (last) {
      const part = this.skipping ? undefined : parseDataStreamLine(this.pending);
      this.pending = '';
      this.skipping = false;
      if (part) parts.push(part);
    }
    return parts;
  }
}

/** Parses one line (without its line break); undefined for a blank or malformed line. */
export function parseDataStreamLine(rawLine: string): DataStreamPart | undefined {
  const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
  const colon = line.indexOf(':');
  if (colon < 1) return undefined;
  const code = line.slice(0, colon);
  if (!/^[0-9a-z]+$/i.test(code)) return undefined;
  const value = parseJson(line.slice(colon + 1));
  if (code === '0') return typeof value === 'string' ? { type: 'text', text: value } : undefined;
  if (code === '3') {
    return { type: 'error', message: typeof value === 'string' ? value : 'The answer could not be generated.' };
  }
  return { type: 'other', code, value };
}

/** A data stream body passed the reader's byte limit: the rest of it was not read. */
export class DataStreamTooLarge extends Error {
  override name = 'DataStreamTooLarge';
  constructor(readonly maxBytes: number) {
    super(`The stream is larger than ${maxBytes} bytes`);
  }
}

/**
 * Reads a data stream body to its end, yielding its parts as they arrive.
 * Stops reading (and cancels the body) when the consumer stops iterating, or
 * with `DataStreamTooLarge` once the body passes `maxBytes` (default: no limit).
 */
export async function* readDataStream(
  body: ReadableStream<Uint8Array>,
  maxBytes = Number.POSITIVE_INFINITY,
): AsyncGenerator<DataStreamPart, void, undefined> {
  const decoder = new DataStreamDecoder();
  const reader = body.getReader();
  let done = false;
  let size = 0;
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > maxBytes) throw new DataStreamTooLarge(maxBytes);
      yield* decoder.push(chunk.value);
    }
    done = true;
    yield* decoder.end();
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
