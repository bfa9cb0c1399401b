import { createServer, type Server } from 'node:http';
import type { Supervisor } from './services';

/**
 * The order of a rolling deploy: each API process, then each Soketi node, one at a time, so one of each pair
 * always serves. After each return the next waits `SETTLE_MS`: nginx rests a refused upstream for 3 s (ops/nginx),
 * and a node's clients need a moment to reconnect and catch up before the node they moved to goes away too.
 */
const SETTLE_MS = 4_000;

export async function rollingRestart(
  supervisor: Supervisor,
  names: string[],
  log: (line: string) => void,
): Promise<void> {
  for (const name of names) {
    const startedAt = Date.now();
    log(`restarting ${name}`);
    await supervisor.restart(name);
    log(`${name} is back after ${Date.now() - startedAt} ms`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  }
}

/**
 * What `pnpm scale:restart` talks to: `POST /rolling-restart` on loopback runs one rolling restart and streams
 * its progress, a line at a time, ending in `done` (or `failed: …`); a second one meanwhile is refused (409).
 */
export function controlServer(
  port: number,
  supervisor: Supervisor,
  names: string[],
  log: (line: string) => void,
): Server {
  let running = false;
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/rolling-restart') {
      res.writeHead(404).end('POST /rolling-restart\n');
      return;
    }
    if (running) {
      res.writeHead(409).end('a rolling restart is already running\n');
      return;
    }
    running = true;
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    const say = (line: string) => {
      log(line);
      res.write(`${line}\n`);
    };
    rollingRestart(supervisor, names, say)
      .then(
        () => res.end('done\n'),
        (error: unknown) => res.end(`failed: ${error instanceof Error ? error.message : String(error)}\n`),
      )
      .finally(() => {
        running = false;
      });
  });
  server.listen(port, '127.0.0.1');
  return server;
}
