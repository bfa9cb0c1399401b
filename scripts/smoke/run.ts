// `pnpm test:smoke --url https://chat.example.com` (or SMOKE_URL=…): the journey across the remotes against a
// deployment nobody here started (e2e/smoke.config.ts). SMOKE_USERS names its two accounts
// (default demo:password,alice:password). Other arguments go to Playwright (e.g. --headed). Exit 0 when the
// journey passed; otherwise 1 with what failed (and where its trace is); 2 for a usage error.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readDeployment, smokeUrl, smokeUsers } from './deployment';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

// --url <url> or --url=<url>; everything else is Playwright's.
const args = process.argv.slice(2);
let url = process.env.SMOKE_URL;
const passOn: string[] = [];
for (let index = 0; index < args.length; index++) {
  const arg = args[index] as string;
  if (arg === '--url') url = args[++index];
  else if (arg.startsWith('--url=')) url = arg.slice('--url='.length);
  else passOn.push(arg);
}
if (!url) {
  console.error('usage: pnpm test:smoke --url <the shell of the deployment> (or SMOKE_URL=…)');
  process.exit(2);
}

const fail = (message: string, code = 1): never => {
  console.error(`smoke: FAILED against ${url}: ${message}`);
  process.exit(code);
};
// What can be told without a browser is told in one line: a wrong address, a stopped API, bad SMOKE_USERS.
let shellUrl = url;
try {
  shellUrl = smokeUrl({ SMOKE_URL: url });
  smokeUsers();
} catch (error) {
  fail((error as Error).message, 2);
}
await readDeployment(shellUrl).catch((error: Error) => fail(error.message));

const started = Date.now();
const run = spawnSync(
  'pnpm',
  ['--silent', '--filter', '@chat/e2e', 'exec', 'playwright', 'test', '-c', 'smoke.config.ts', ...passOn],
  { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, SMOKE_URL: shellUrl } },
);
const seconds = ((Date.now() - started) / 1000).toFixed(0);
if (run.status === 0) {
  console.log(`\nsmoke: passed against ${shellUrl} in ${seconds} s`);
  process.exit(0);
}
console.error(
  `\nsmoke: FAILED against ${shellUrl} after ${seconds} s (see above). The failing step's trace and screenshot are in ` +
    'e2e/test-results-smoke/; open a trace with: pnpm --filter @chat/e2e exec playwright show-trace <trace.zip>',
);
process.exit(run.status ?? 1);
