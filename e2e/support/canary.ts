import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type AppServer, serveApp } from './app-server';
import { extraPorts } from './stack';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const chatRemote = join(repoRoot, 'chat-remote');

export type CanaryVariant = 'broken' | 'good';

/** Where a canary build of chat-remote goes: beside its dist/, never over it (gitignored). */
export const canaryDist = (variant: CanaryVariant) => join(chatRemote, `dist-canary-${variant}`);

const manifestTime = (dist: string) => {
  const manifest = join(dist, 'mf-manifest.json');
  return existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
};

/**
 * Builds chat-remote as a canary unless a build newer than chat-remote/dist/ is there: `canary-broken` with
 * the build-time switch that makes sending throw (CHAT_REMOTE_BROKEN_SEND=1), `canary-good` as shipped. Each
 * states its version in its manifest (APP_VERSION).
 */
export async function ensureCanaryBuild(variant: CanaryVariant): Promise<void> {
  const dist = canaryDist(variant);
  if (manifestTime(dist) > manifestTime(join(chatRemote, 'dist'))) return;
  await run('pnpm', ['exec', 'rsbuild', 'build'], {
    cwd: chatRemote,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_VERSION: `canary-${variant}`,
      CHAT_REMOTE_DIST_DIR: `dist-canary-${variant}`,
      CHAT_REMOTE_BROKEN_SEND: variant === 'broken' ? '1' : '',
    },
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** A canary build served on a port of its own, as its team would deploy it. */
export const serveCanary = (variant: CanaryVariant): Promise<AppServer> =>
  serveApp('chat-remote', variant === 'broken' ? extraPorts.brokenChat : extraPorts.goodChat, {
    DIST_DIR: canaryDist(variant),
  });

/** Sessions each arm needs before the canary shell's judge decides (CANARY_MIN_SESSIONS). */
export const MIN_SESSIONS = 3;

/**
 * The run's shell again, with canary settings small enough for a test (docs/operations.md#canary-releases): the
 * judge every second, MIN_SESSIONS an arm, promotion after `promoteAfterSeconds`, tabs re-reading /config.json
 * every second, every session of this one machine counted, and a state folder of its own.
 */
export const serveCanaryShell = (promoteAfterSeconds: number): Promise<AppServer> =>
  serveApp('shell', extraPorts.canaryShell, {
    CONFIG_REFRESH_SECONDS: '1',
    CANARY_JUDGE_SECONDS: '1',
    CANARY_MIN_SESSIONS: String(MIN_SESSIONS),
    CANARY_SESSIONS_PER_ADDRESS: '100',
    CANARY_PROMOTE_AFTER_SECONDS: String(promoteAfterSeconds),
    SHELL_DATA_DIR: mkdtempSync(join(tmpdir(), 'canary-shell-')),
  });

/** `pnpm canary …` against `shell`, as an operator types it; answers what it printed. */
export async function canaryCli(shell: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('pnpm', ['--silent', 'canary', ...args, '--url', shell], { cwd: repoRoot });
  return stdout;
}

/** One series' value on the shell's /metrics (0 when it is not there yet). */
/** The shell's series about the canary and the chat remote's health by version, for the run's log. */
export async function canarySeries(shell: string): Promise<string> {
  const text = await (await fetch(`${shell}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) =>
      /^frontend_(canary_\w+|remote_loads_total|errors_total)\{[^}]*(remote="chat"|decision=)/.test(line),
    )
    .join('\n');
}

export async function metric(shell: string, series: string): Promise<number> {
  const text = await (await fetch(`${shell}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
