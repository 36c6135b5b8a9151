/**
 * Cuts `whole` (text, or bytes as the network delivers them) at `cuts`: positions taken modulo its
 * length plus one, each once, in order; no empty piece. Anywhere, inside a character too.
 */
export function cutAt<T extends { readonly length: number; slice(start: number, end: number): T }>(
  whole: T,
  cuts: readonly number[],
): T[] {
  const points = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((a, b) => a - b);
  const out: T[] = [];
  let last = 0;
  for (const point of [...points, whole.length]) {
    if (point > last) out.push(whole.slice(last, point));
    last = point;
  }
  return out;
}
