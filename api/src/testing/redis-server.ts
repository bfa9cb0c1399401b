import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import getPort from 'get-port';

/** The redis-server binary on PATH (Debian's package installs /usr/bin/redis-server), or null. */
export const REDIS_SERVER_BIN =
  (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, 'redis-server'))
    .find((path) => existsSync(path)) ?? null;

/** For `describe.skipIf`, saying why the Redis tests did not run. */
export function redisServerMissing(): boolean {
  if (REDIS_SERVER_BIN) return false;
  console.warn(
    'redis-server is not on PATH: skipping the tests that need Redis (apt-get install redis-server)',
  );
  return true;
}

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

/** A throwaway redis-server on a random loopback port, nothing persisted, its folder removed on stop. */
export async function startRedisServer(): Promise<TestRedis> {
  if (!REDIS_SERVER_BIN) throw new Error('redis-server is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'chat-api-redis-'));
  const port = await getPort({ host: '127.0.0.1' });
  const child: ChildProcess = spawn(
    REDIS_SERVER_BIN,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Should the test run die before stop(), the server goes with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      process.off('exit', killOnExit);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
