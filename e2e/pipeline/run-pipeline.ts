// `pnpm --filter @chat/<remote> test:pipeline`: one remote's pipeline, alone, as its team's CI runs it. Its
// unit tests, its production build, then the e2e flows that concern it with that build in the last
// release's shell beside the last release's other remotes (kept builds: nothing else is built), against
// today's API, and last the deploy gate: check:deploy against that same shell. Stops at the first failure.
import { execFileSync } from 'node:child_process';
import { ensureReleaseBuilt } from '../../scripts/release/build-release';
import { lastRelease, repoRoot } from '../../scripts/release/releases';
import { answerOf, checkDeploy } from '../support/deploy-check';
import { pipelineStacks } from '../support/release-stacks';
import { type RemoteApp, remoteApps, serveBuild } from '../support/releases';

const remote = process.argv[2] as RemoteApp;
if (!remoteApps.includes(remote)) {
  console.error(`usage: run-pipeline.ts <${remoteApps.join('|')}>`);
  process.exit(2);
}
const release = lastRelease();
const pnpm = (args: string[], env: Record<string, string> = {}) =>
  execFileSync('pnpm', args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });

async function deployGate(): Promise<string> {
  const shellPort = pipelineStacks[remote].shell;
  const shell = await serveBuild('shell', 'previous', shellPort);
  try {
    const check = checkDeploy(remote, 'today', shell.url);
    if (check.verdict === 'no')
      throw new Error(`not deployable next to ${release.name}'s shell: ${check.reason}`);
    return answerOf(check);
  } finally {
    await shell.stop();
  }
}

const steps: [string, () => unknown][] = [
  ['unit tests', () => pnpm(['--filter', `@chat/${remote}`, 'test'])],
  ['build', () => pnpm(['--filter', `@chat/${remote}`, 'build'])],
  [`${release.name}'s builds`, () => ensureReleaseBuilt(release)],
  [
    `e2e flows in ${release.name}'s shell`,
    () =>
      pnpm(['--filter', '@chat/e2e', 'exec', 'playwright', 'test', '-c', 'pipeline.config.ts'], {
        PIPELINE_REMOTE: remote,
      }),
  ],
  [`deploy gate (check:deploy against ${release.name}'s shell)`, deployGate],
];

const done: string[] = [];
let failed = false;
for (const [name, step] of steps) {
  const started = performance.now();
  console.log(`\n=== ${remote}: ${name}`);
  const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  try {
    const said = await step();
    done.push(`ok      ${name} (${took()})${typeof said === 'string' ? `: ${said}` : ''}`);
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    done.push(`FAILED  ${name} (${took()}): ${why}`);
    failed = true;
    break;
  }
}
console.log(`\n${remote} pipeline:\n  ${done.join('\n  ')}`);
process.exit(failed ? 1 : 0);
