import { Writable } from 'node:stream';

export interface LogLine {
  level: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

/** Pino's level numbers: 50 is `error`, 60 `fatal`. */
const ERROR = 50;

/** A logger for `createTestApp` whose JSON lines a test can read back. */
export function captureLog(level = 'info') {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return {
    logger: { level, stream },
    lines,
    /** Error-level lines logged since `from` (an index into `lines`). */
    errorsSince: (from = 0) => lines.slice(from).filter((line) => line.level >= ERROR),
  };
}
