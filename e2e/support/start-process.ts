import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { ApiProcess } from './api-process';
import { apiEnv, origin, type Stack, stackEnv } from './stack';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

async function waitUntilServing(urls: string[], child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (const url of urls) {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`pnpm start exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`${url} did not answer within 90 s`);
      const ok = await fetch(url).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * The README's `pnpm start` (scripts/start.ts: the API with its embedded database and websocket, and the four
 * static servers) on `stack`'s ports and `dataDir`, stopped as a terminal's Ctrl-C stops it: SIGINT to its whole
 * process group. Started again on the same data, it is the embedded default's restart.
 */
export function startProcess(stack: Stack, dataDir: string): ApiProcess {
  let child: ChildProcess | undefined;
  return {
    url: `${origin(stack.api)}/api/`,
    async start() {
      child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
        cwd: repoRoot,
        env: { ...process.env, ...stackEnv(stack), ...apiEnv(stack, dataDir) },
        stdio: 'ignore',
        detached: true,
      });
      await waitUntilServing([`${origin(stack.api)}/up`, `${origin(stack.shell)}/index.html`], child);
    },
    async stop() {
      if (!child?.pid || child.exitCode !== null) return;
      const exited = once(child, 'exit');
      process.kill(-child.pid, 'SIGINT');
      const group = child.pid;
      const forced = setTimeout(() => process.kill(-group, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
      // Ctrl-C reaches every process of the group; wait until the last of them has let go of the ports.
      for (let tries = 0; tries < 150; tries++) {
        try {
          process.kill(-group, 0);
        } catch {
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
