// `pnpm canary start <remote> --manifest <url> --share <percent>`, `pnpm canary status`,
// `pnpm canary stop <remote>`, each with [--url <the shell's server, default http://localhost:3000>]:
// the shell's server does the work (POST/GET /canary, answered to this machine only); this prints it.
import { parseArgs } from 'node:util';
import { defaultPorts } from '@chat/shared/config-from-env';

const { values, positionals } = parseArgs({
  options: {
    manifest: { type: 'string' },
    share: { type: 'string' },
    url: { type: 'string', default: `http://localhost:${process.env.SHELL_PORT ?? defaultPorts.shell}` },
    json: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const [command, remote] = positionals;
const usage =
  'usage: pnpm canary start <remote> --manifest <url> --share <percent> | status | stop <remote>  [--url <shell>] [--json]';

interface ArmStatus {
  manifest: string;
  version: string | null;
  sessions: number;
  loads: number;
  loadFailures: number;
  loadFailuresPerSession: number;
  errorsPerSession: number;
  lcpP75: number | null;
  inpP75: number | null;
}
interface Status {
  store: string;
  canaries: {
    remote: string;
    id: string;
    status: string;
    share: number;
    startedAt: string;
    endedAt?: string;
    verdict: { verdict: string; reason: string };
    arms: { baseline: ArmStatus; canary: ArmStatus };
  }[];
  decisions: { at: string; remote: string; canary: string; decision: string; reason: string }[];
}

async function call(method: 'GET' | 'POST', body?: object): Promise<unknown> {
  const target = new URL('/canary', values.url);
  const response = await fetch(target, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  }).catch((error: Error) => {
    console.error(`the shell's server at ${values.url} cannot be reached: ${error.message}`);
    process.exit(2);
  });
  const answer = (await response.json().catch(() => ({}))) as { error?: string; problems?: string[] };
  if (!response.ok) {
    console.error(`refused (${response.status}): ${answer.error ?? 'no reason given'}`);
    for (const problem of answer.problems ?? []) console.error(`  ${problem}`);
    process.exit(1);
  }
  return answer;
}

const ms = (value: number | null) => (value === null ? '–' : `${Math.round(value)} ms`);
const rate = (value: number) => (Math.round(value * 100) / 100).toString();

function print(status: Status): void {
  if (status.canaries.length === 0) console.log('No canary has been started.');
  for (const entry of status.canaries) {
    const { baseline, canary } = entry.arms;
    console.log(
      `\n${entry.remote}: canary ${entry.id} ${entry.status}, share ${entry.share}%, since ${entry.startedAt}` +
        (entry.endedAt ? `, ended ${entry.endedAt}` : ''),
    );
    const rows: [string, (arm: ArmStatus) => string][] = [
      ['version', (arm) => arm.version ?? '(unstated)'],
      ['manifest', (arm) => arm.manifest],
      ['sessions', (arm) => String(arm.sessions)],
      [
        'load failures',
        (arm) => `${arm.loadFailures} of ${arm.loads} (${rate(arm.loadFailuresPerSession)}/session)`,
      ],
      ['errors per session', (arm) => rate(arm.errorsPerSession)],
      ['LCP p75', (arm) => ms(arm.lcpP75)],
      ['INP p75', (arm) => ms(arm.inpP75)],
    ];
    const width = Math.max(20, ...rows.map(([, show]) => show(baseline).length + 2));
    console.log(`  ${''.padEnd(20)}${'baseline'.padEnd(width)}canary`);
    for (const [label, show] of rows)
      console.log(`  ${label.padEnd(20)}${show(baseline).padEnd(width)}${show(canary)}`);
    console.log(
      `  verdict: ${entry.verdict.verdict}${entry.verdict.reason ? ` (${entry.verdict.reason})` : ''}`,
    );
  }
  if (status.decisions.length > 0) {
    console.log('\ndecisions:');
    for (const decision of status.decisions)
      console.log(
        `  ${decision.at} ${decision.remote} ${decision.canary}: ${decision.decision}, ${decision.reason}`,
      );
  }
  console.log(`\nstate: ${status.store}`);
}

const show = (answer: unknown) =>
  values.json ? console.log(JSON.stringify(answer, null, 2)) : print(answer as Status);

if (command === 'status') show(await call('GET'));
else if (command === 'start' && remote && values.manifest && values.share) {
  show(
    await call('POST', { action: 'start', remote, manifest: values.manifest, share: Number(values.share) }),
  );
} else if (command === 'stop' && remote) show(await call('POST', { action: 'stop', remote }));
else {
  console.error(usage);
  process.exit(2);
}
