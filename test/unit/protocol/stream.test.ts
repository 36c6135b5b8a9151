import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DataStreamDecoder,
  encodeDataStreamPart,
  parseDataStreamLine,
  readDataStream,
  type DataStreamPart,
} from '../../../src/protocol/stream.js';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds `chunks` to a fresh decoder and returns every part. */
function decode(chunks: (Uint8Array | string)[]): DataStreamPart[] {
  const decoder = new DataStreamDecoder();
  return [...chunks.flatMap((chunk) => decoder.push(chunk)), ...decoder.end()];
}

const texts = (parts: DataStreamPart[]) => parts.flatMap((p) => (p.type === 'text' ? [p.text] : []));

const SAMPLE =
  'f:{"messageId":"m1"}\n0:"Here is "\n0:"**bold**, é, 漢字 and 🙂"\n0:"\\n- a list"\n9:{"unknown":true}\n' +
  'e:{"finishReason":"stop"}\nd:{"finishReason":"stop"}\n';

describe('data stream decoder', () => {
  it('reads text pieces and skips metadata and unknown codes', () => {
    const parts = decode([SAMPLE]);
    expect(texts(parts).join('')).toBe('Here is **bold**, é, 漢字 and 🙂\n- a list');
    expect(parts.filter((p) => p.type === 'other').map((p) => (p as { code: string }).code)).toEqual([
      'f',
      '9',
      'e',
      'd',
    ]);
  });

  it('gives the same parts however the bytes are split, inside UTF-8 characters too', () => {
    const whole = bytes(SAMPLE);
    const expected = decode([whole]);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: whole.length - 1 }), { maxLength: 40 }), (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), whole.length];
        const chunks = points.slice(1).map((end, i) => whole.subarray(points[i]!, end));
        expect(decode(chunks)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('reads byte by byte, and a last part without a line break', () => {
    const whole = bytes('0:"a😀b"\n0:"c"');
    expect(texts(decode([...whole].map((b) => Uint8Array.of(b))))).toEqual(['a😀b', 'c']);
  });

  it('reports an error part and tolerates junk lines', () => {
    const parts = decode(['0:"x"\n\nnot a part\n0:{"not":"text"}\n3:"model overloaded"\r\n']);
    expect(parts).toEqual([
      { type: 'text', text: 'x' },
      { type: 'error', message: 'model overloaded' },
    ]);
    expect(parseDataStreamLine('3:42')).toEqual({ type: 'error', message: 'The answer could not be generated.' });
  });

  it('round-trips what it encodes', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 20 }), (pieces) => {
        const text = pieces.map((p) => encodeDataStreamPart('0', p)).join('');
        expect(texts(decode([text]))).toEqual(pieces);
      }),
    );
  });

  it('reads a body stream to its end', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of ['0:"he', 'llo"\n0', ':" world"\n']) controller.enqueue(bytes(piece));
        controller.close();
      },
    });
    const seen: string[] = [];
    for await (const part of readDataStream(body)) if (part.type === 'text') seen.push(part.text);
    expect(seen).toEqual(['hello', ' world']);
  });
});
