/** Plain-text tables for the terminal. */

/** Lays out rows in columns: the first column left-aligned, the others right-aligned. */
export function table(rows: readonly (readonly string[])[], indent = '  '): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map(
      (row) =>
        indent +
        row
          .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
          .join('  ')
          .trimEnd(),
    )
    .join('\n');
}

/** `12,345 B` */
export const bytes = (n: number): string => `${n.toLocaleString('en-US')} B`;

/** `12.3 KB` */
export const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

/** `4.2 MB` */
export const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** `123.4 ms` */
export const ms = (n: number): string => `${n.toFixed(1)} ms`;

/** `1.08x` */
export const times = (n: number): string => `${n.toFixed(2)}x`;
