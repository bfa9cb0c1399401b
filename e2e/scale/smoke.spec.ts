import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/fixtures';
import { origin, scaleStack } from '../support/stack';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

// QA's check of a deployment it did not start, run against this topology as it would be against any:
// `pnpm test:smoke --url <shell>` with the default accounts (the first API process seeds the demo users).
test('pnpm test:smoke passes against the scaled topology', async () => {
  test.setTimeout(180_000);
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/smoke/run.ts', '--url', origin(scaleStack.shell)],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk;
    });
    child.on('exit', (exitCode) => resolve({ code: exitCode, output: text }));
  });
  console.log(output.trim().split('\n').slice(-6).join('\n'));
  expect(code, output).toBe(0);
});
