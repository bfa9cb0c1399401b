import { expect, test } from '../support/fixtures';
import { runScript } from '../support/run-script';
import { origin, scaleStack } from '../support/stack';

// QA's check of a deployment it did not start, run against this topology as it would be against any:
// `pnpm test:smoke --url <shell>` with the default accounts (the first API process seeds the demo users).
test('pnpm test:smoke passes against the scaled topology', async () => {
  test.setTimeout(180_000);
  const { code, output } = await runScript('scripts/smoke/run.ts', ['--url', origin(scaleStack.shell)]);
  console.log(output.trim().split('\n').slice(-6).join('\n'));
  expect(code, output).toBe(0);
});
