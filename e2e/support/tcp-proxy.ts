import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface TcpProxy {
  stop(): Promise<void>;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: 'localhost', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/**
 * A plain TCP proxy on `port` in front of `upstream`, as nginx's stream module or HAProxy in TCP mode put one
 * before a websocket server: the scaled topology's own balancer (`scripts/scale/balancer.ts tcp`). While the
 * upstream is down, a client's connection opens (to the proxy) and is then closed, not refused.
 */
export async function tcpProxy(port: number, upstream: number): Promise<TcpProxy> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/scale/balancer.ts', 'tcp', String(port), String(upstream)],
    { cwd: repoRoot, stdio: 'ignore' },
  );
  const deadline = Date.now() + 20_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the TCP proxy on :${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
