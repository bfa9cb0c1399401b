import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface Row {
  test: string;
  result: string;
  /** check:deploy's answer, then anything else worth reading (CSP refusals). */
  notes: string[];
}

const annotation = (test: TestCase, type: string) =>
  test.annotations.find((entry) => entry.type === type)?.description;

function resultOf(test: TestCase, result: TestResult): string {
  const seconds = `${(result.duration / 1000).toFixed(1)} s`;
  if (result.status !== 'passed') {
    const error = result.error?.message?.split('\n').find((line) => line.trim()) ?? result.status;
    // Playwright colours its messages for terminals; a table wants the text.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching ANSI escapes is the point
    return `FAILED (${seconds}): ${error.replace(/\u001b\[\d+m/g, '').trim()}`;
  }
  const slot = annotation(test, 'slot');
  if (slot) return `refused by check: not deployed; its slot says "${slot}" (${seconds})`;
  return `flows passed (${seconds})`;
}

/** After the run: a line per pairing or rollback and how it went, under it what check:deploy answered. */
export default class TableReporter implements Reporter {
  private rows: Row[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const notes = test.annotations
      .filter((entry) => entry.type === 'check' || entry.type === 'csp')
      .map((entry) =>
        entry.type === 'check' ? `check:deploy: ${entry.description}` : (entry.description ?? ''),
      );
    this.rows.push({ test: test.title, result: resultOf(test, result), notes: [...new Set(notes)] });
  }

  onEnd(): void {
    const width = Math.max(...this.rows.map((row) => row.test.length), 4);
    const indent = ' '.repeat(width + 2);
    console.log(`\n${'pairing'.padEnd(width)}  result\n${'-'.repeat(width + 60)}`);
    for (const row of this.rows) {
      console.log(`${row.test.padEnd(width)}  ${row.result}`);
      for (const note of row.notes) console.log(`${indent}${note}`);
    }
    console.log('');
  }

  printsToStdio(): boolean {
    return false;
  }
}
