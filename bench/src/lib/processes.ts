import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';

export interface Service {
  name: string;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Whatever happens to the run, no server it started outlives it. */
export function stopAllOnExit(): void {
  const killAll = () => {
    for (const child of running) child.kill('SIGKILL');
  };
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

async function waitForUrl(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: exited with ${child.exitCode}\n${output()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s\n${output()}`);
}

/** Starts a server process and resolves once `readyUrl` answers (any status). */
export async function startService(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; readyUrl: string; timeoutMs?: number },
): Promise<Service> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitForUrl(options.readyUrl, child, () => output, options.timeoutMs ?? 60_000);
  return {
    name,
    url: options.readyUrl,
    pid: child.pid ?? -1,
    async stop() {
      running.delete(child);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await once(child, 'exit');
      clearTimeout(killer);
    },
  };
}

/** Runs a command to completion; rejects with its output if it fails. Returns the wall time in ms. */
export async function run(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${output.slice(-4000)}`);
  return performance.now() - started;
}

/** Resident memory of a process in KiB (Linux /proc), or NaN where that is not available. */
export async function residentKiB(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}
