import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

type AppName = 'shell' | 'auth-remote' | 'rooms-remote' | 'chat-remote';
const portVariables: Record<AppName, string> = {
  shell: 'SHELL_PORT',
  'auth-remote': 'AUTH_REMOTE_PORT',
  'rooms-remote': 'ROOMS_REMOTE_PORT',
  'chat-remote': 'CHAT_REMOTE_PORT',
};

export interface AppServer {
  url: string;
  stop(): Promise<void>;
}

async function waitUntilServing(url: string, child: ChildProcess, said: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${url}: server exited with ${child.exitCode}, saying:\n${said()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not start within 20 s`);
}

/**
 * Serves one production build on its own port, as its team would deploy it, so a test can stop
 * and restart that one app while the rest of the stack keeps running. `tree` is the source tree whose
 * static server serves it: this checkout, or a kept release's (e2e/support/releases.ts).
 */
export async function serveApp(
  name: AppName,
  port: number,
  env: Record<string, string> = {},
  tree = repoRoot,
): Promise<AppServer> {
  // One process, no tsx wrapper: a signal reaches the server itself and nothing is left orphaned.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve-app.ts', name], {
    cwd: tree,
    env: { ...process.env, ...env, [portVariables[name]]: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // What the server says is kept (its last lines) for the error if it exits before serving.
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://localhost:${port}`;
  await waitUntilServing(`${url}/index.html`, child, () => lines.join('\n'));
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(forced);
    },
  };
}
