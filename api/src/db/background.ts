import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

export const isInBackground = () => background.getStore() === true;

/**
 * After `ms`, and after the event loop has read what arrived meanwhile: a timer alone fires before the
 * sockets are read, when a request that has arrived is not yet counted as being answered. (The first look
 * waits for the sockets only, not a timer's millisecond: with nothing else to do, searches go straight on.)
 */
const afterIncoming = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(() => setImmediate(resolve), ms));

/**
 * Work that gives way to everything else: a search. On the embedded database, whose one thread serves every
 * request, each of its statements waits for the connection until no other statement is waiting (PGlitePool),
 * at most `slots` run at once (the others wait without costing the thread anything) and each starts when no
 * other request is being answered, or after `maxWaitMs`: a send competes with one search at a time, and
 * searches take a bounded share of the thread. A real PostgreSQL serves statements side by side: there only
 * the number at once is bounded (plugins/db.ts), and the pool ignores the mark.
 */
export class Background {
  #running = 0;
  readonly #waiting: Array<() => void> = [];
  readonly #slots: number;
  readonly #busy: () => boolean;
  readonly #maxWaitMs: number;

  /**
   * `busy`: whether other work is under way (requests being answered); a slot's work then waits for it to
   * end, up to `maxWaitMs`, so it takes the thread's idle moments and, under a steady load, one turn per
   * `maxWaitMs` at least: the load's share of the thread is bounded, and the background is never starved.
   */
  constructor(options: { slots?: number; busy?: () => boolean; maxWaitMs?: number } = {}) {
    this.#slots = options.slots ?? Number.POSITIVE_INFINITY;
    this.#busy = options.busy ?? (() => false);
    this.#maxWaitMs = options.maxWaitMs ?? 0;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#slots) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running++;
    try {
      if (this.#maxWaitMs > 0) {
        const until = performance.now() + this.#maxWaitMs;
        await new Promise((resolve) => setImmediate(resolve));
        while (this.#busy() && performance.now() < until) await afterIncoming(1);
      }
      return await background.run(true, work);
    } finally {
      const next = this.#waiting.shift();
      // The slot goes straight to the next in line.
      if (next) next();
      else this.#running--;
    }
  }
}
