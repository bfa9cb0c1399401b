import { type ChildProcess, spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { createInterface } from 'node:readline';

/** A long-running process of the topology and how to tell it is serving. */
export interface ServiceSpec {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** Resolves true once the service answers; polled until `timeoutMs`. */
  ready: () => Promise<boolean>;
  timeoutMs?: number;
}

export interface Service {
  name: string;
  pid: number;
  /** Settles when the process ends, however it ends. */
  exited: Promise<void>;
  stop(): Promise<void>;
}

const colors = [36, 35, 33, 32, 34, 31];
let started = 0;

/**
 * Children run in process groups of their own, so a terminal's Ctrl-C reaches the supervisor alone and it
 * stops them in order (Soketi before the Redis it uses); whatever ends this process takes them along.
 */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** `[name] line` for each line the process writes; `quiet` keeps the lines for an error report instead. */
function prefixOutput(child: ChildProcess, name: string, quiet: boolean, keep: (line: string) => void) {
  const color = colors[started++ % colors.length];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      keep(line);
      if (!quiet && line.trim()) process.stdout.write(`\x1b[${color}m[${name}]\x1b[0m ${line}\n`);
    });
  }
}

/** Starts a process and resolves once it is ready; rejects (and stops it) if it exits or never gets there. */
export async function startService(spec: ServiceSpec, { quiet = false } = {}): Promise<Service> {
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  const tail: string[] = [];
  prefixOutput(child, spec.name, quiet, (line) => tail.push(line) > 40 && tail.shift());
  let ended = false;
  let spawnError = '';
  // 'error': it could not be started at all (a missing binary), and no 'exit' follows.
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      spawnError = error.message;
      resolve();
    });
  }).then(() => {
    ended = true;
    running.delete(child);
  });
  const stop = async () => {
    if (ended) return;
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(forced);
  };
  const deadline = Date.now() + (spec.timeoutMs ?? 60_000);
  while (!(await spec.ready().catch(() => false))) {
    if (ended || Date.now() > deadline) {
      await stop();
      throw new Error(`${spec.name} did not start: ${spawnError}\n${tail.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { name: spec.name, pid: child.pid ?? -1, exited, stop };
}

/** Ready when `url` answers at all (any status). */
export const answers = (url: string) => () =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );

/** Ready when the Redis server on `port` answers PING. */
export const redisAnswers = (port: number) => () =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
    socket.setTimeout(2_000, () => socket.destroy());
    socket.once('data', (data) => {
      socket.end();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });

/**
 * The services of one topology: started in order, stopped in reverse. If one dies on its own, the rest are
 * stopped too (`onFailure`), as `pnpm start` does with concurrently's kill-others.
 */
export class Supervisor {
  readonly #services: Service[] = [];
  readonly #specs = new Map<string, ServiceSpec>();
  /** Services being restarted on purpose: their exit is not a failure. */
  readonly #restarting = new Set<string>();
  #stopping = false;

  constructor(
    private readonly onFailure: (name: string) => void,
    private readonly options: { quiet?: boolean } = {},
  ) {}

  async start(spec: ServiceSpec): Promise<Service> {
    const service = await startService(spec, this.options);
    // Something else failed and began the shutdown while this one was starting.
    if (this.#stopping) {
      await service.stop();
      throw new Error(`${spec.name}: stopped, the topology is shutting down`);
    }
    this.#specs.set(spec.name, spec);
    this.#services.push(service);
    this.#watch(service);
    return service;
  }

  /** Side by side; settles only once every one has started or failed, so none is left starting unseen. */
  async startAll(specs: ServiceSpec[]): Promise<Service[]> {
    const results = await Promise.allSettled(specs.map((spec) => this.start(spec)));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return results.map((result) => (result as PromiseFulfilledResult<Service>).value);
  }

  /**
   * Stops one service as a deploy does (SIGTERM: an API process finishes its requests in flight, a Soketi node
   * closes its sockets and their clients reconnect to another node) and starts it again on the same spec;
   * resolves once it answers again.
   */
  async restart(name: string): Promise<void> {
    const index = this.#services.findIndex((service) => service.name === name);
    const spec = this.#specs.get(name);
    if (index < 0 || !spec) throw new Error(`no service named ${name}`);
    this.#restarting.add(name);
    try {
      await this.#services[index]?.stop();
      const service = await startService(spec, this.options);
      this.#services[index] = service;
      this.#watch(service);
    } finally {
      this.#restarting.delete(name);
    }
  }

  async stopAll(): Promise<void> {
    this.#stopping = true;
    for (const service of [...this.#services].reverse()) await service.stop();
  }

  #watch(service: Service): void {
    void service.exited.then(() => {
      if (!this.#stopping && !this.#restarting.has(service.name)) this.onFailure(service.name);
    });
  }
}
