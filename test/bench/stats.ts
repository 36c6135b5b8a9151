/** Summaries of repeated measurements. */

/** A series of samples and its robust summary. */
export interface Summary {
  samples: number[];
  median: number;
  min: number;
  max: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Median, min and max of `samples`, each number rounded to `digits` decimals. */
export function summarize(samples: readonly number[], digits = 2): Summary {
  return {
    samples: samples.map((s) => round(s, digits)),
    median: round(median(samples), digits),
    min: round(Math.min(...samples), digits),
    max: round(Math.max(...samples), digits),
  };
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** `a / b`, two decimals. */
export function ratio(a: number, b: number): number {
  return round(a / b, 2);
}
