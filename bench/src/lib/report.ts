import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { resultsDir } from './paths';

/** One line of the table: a figure, its spread where it has one, and what it is held against. */
export interface Row {
  figure: string;
  unit: string;
  n: number;
  median: number;
  p95?: number;
  p99?: number;
  /** The comparison: the monolith's figure, measured in the same run. */
  versus?: number;
  /** The target, e.g. `≤ 1.15×`, `< 1000 ms`. */
  target?: string;
  /** Whether the target is met; absent where it has none. */
  met?: boolean;
}

export interface BenchmarkResult {
  rows: Row[];
  /** Raw figures behind the rows (per app, per route…), kept in the JSON only. */
  details?: Record<string, unknown>;
  /** A table of its own, printed after the main one, for figures that do not fit its columns. */
  table?: string;
}

const format = (value: number | undefined, unit = '') => {
  if (value === undefined || Number.isNaN(value)) return '';
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toFixed(digits)}${unit}`;
};

export const ratioOf = (row: Row) => (row.versus ? row.median / row.versus : undefined);

export function renderTable(rows: Row[]): string {
  const header = ['figure', 'unit', 'n', 'median', 'p95', 'p99', 'monolith', 'ratio', 'target', 'met'];
  const lines = rows.map((row) => [
    row.figure,
    row.unit,
    String(row.n),
    format(row.median),
    format(row.p95),
    format(row.p99),
    format(row.versus),
    format(ratioOf(row), '×'),
    row.target ?? '',
    row.met === undefined ? '' : row.met ? 'yes' : 'NO',
  ]);
  return renderGrid(header, lines);
}

/** Columns padded to their widest cell: the first (names) aligned left, the rest (figures) right. */
export function renderGrid(header: string[], lines: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const render = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  return [render(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(render)].join(
    '\n',
  );
}

export async function writeResults(
  file: string,
  results: Record<string, BenchmarkResult>,
  extra: Record<string, unknown>,
): Promise<string> {
  const path = join(resultsDir, file);
  await mkdir(resultsDir, { recursive: true });
  const json = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      node: process.version,
      platform: process.platform,
    },
    ...extra,
    benchmarks: Object.fromEntries(
      Object.entries(results).map(([name, result]) => [
        name,
        { rows: result.rows.map((row) => ({ ...row, ratio: ratioOf(row) })), details: result.details },
      ]),
    ),
  };
  await writeFile(path, `${JSON.stringify(json, null, 2)}\n`);
  return path;
}
