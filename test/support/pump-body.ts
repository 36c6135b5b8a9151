import type { ClientRequest } from 'node:http';

/**
 * Writes `total` bytes to `req` in pieces of `chunk` bytes, as fast as the socket drains, then ends
 * it; returns how many bytes have been written so far (the server may answer before the end).
 */
export function pumpBody(req: ClientRequest, total: number, chunk: number): () => number {
  const piece = Buffer.alloc(chunk, 0x61);
  let sent = 0;
  const pump = () => {
    while (sent < total) {
      sent += piece.length;
      if (!req.write(piece)) return void req.once('drain', pump);
    }
    req.end();
  };
  pump();
  return () => sent;
}
