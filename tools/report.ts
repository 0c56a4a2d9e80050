// The report kit of the tools' commands (diff, drift, replay, explain, bench, mutation and its
// sample, the stand-in summary): counted words, markdown tables, the console's aligned tables, the
// figures they print, and the pair of report files (`<name>.md` and `<name>.json`) each writes.
import fs from 'node:fs';
import path from 'node:path';

export { plural } from '../helpers/verdict/render.js';

/** A markdown table: the header, its separator, a row per entry. */
export const mdTable = (head: string[], rows: (string | number)[][]): string[] => [
  `| ${head.join(' | ')} |`,
  `|${'---|'.repeat(head.length)}`,
  ...rows.map((r) => `| ${r.join(' | ')} |`),
];

/** A table for the console: each column as wide as its widest cell, the first `text` columns left-aligned, the figures right-aligned. */
export function textTable(rows: string[][], text = 2): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => (i < text ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Items grouped by a key, the largest group first. */
export function groupBy<T>(items: T[], key: (t: T) => string): [string, T[]][] {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return [...map].sort((a, b) => b[1].length - a[1].length);
}

/** Writes `<dir>/<name>.json` (the result) and `<dir>/<name>.md` (its lines, or its text) through `scrub` (a redaction); both paths. */
export function writeReportFiles(
  dir: string,
  name: string,
  result: unknown,
  markdown: string | string[],
  scrub = (text: string) => text,
): { md: string; json: string } {
  fs.mkdirSync(dir, { recursive: true });
  const base = path.join(dir, name);
  fs.writeFileSync(`${base}.json`, scrub(`${JSON.stringify(result, null, 2)}\n`));
  fs.writeFileSync(`${base}.md`, scrub(typeof markdown === 'string' ? markdown : `${markdown.join('\n')}\n`));
  return { md: `${base}.md`, json: `${base}.json` };
}
