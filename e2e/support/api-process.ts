import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { apiEnv, origin, type Stack } from './stack';

const apiDir = fileURLToPath(new URL('../../api', import.meta.url));

/** An API process a spec owns: it can stop it and start it again on the same data, as a restart would. */
export interface ApiProcess {
  /** The REST base, as the front end's API_URL. */
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer within 90 s`);
}

/**
 * The API of `stack` (its HTTP and websocket ports, its origins for CORS) on `dataDir`, kept across restarts.
 * One node process, no pnpm or tsx wrapper, so SIGTERM reaches the server and it closes as in production.
 */
export function apiProcess(stack: Stack, dataDir: string, env: Record<string, string> = {}): ApiProcess {
  let child: ChildProcess | undefined;
  return {
    url: `${origin(stack.api)}/api/`,
    async start() {
      child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: apiDir,
        // REVERB_PORT: the run's environment names the main stack's websocket for the front end.
        env: { ...process.env, ...apiEnv(stack, dataDir), REVERB_PORT: String(stack.websocket), ...env },
        stdio: 'ignore',
      });
      await waitUntilUp(`${origin(stack.api)}/up`, child);
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const forced = setTimeout(() => child?.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
    },
  };
}
