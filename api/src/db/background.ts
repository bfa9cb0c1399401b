import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

export const isInBackground = () => background.getStore() === true;

/**
 * Work that gives way to everything else: a search. On the embedded database, whose one thread serves every
 * request, each of its statements waits for the connection until no other statement is waiting (PGlitePool),
 * and at most `slots` run at once: the others wait without costing the thread anything, so a send competes
 * with one search's statement and answer at a time, never with a queue of them. A real PostgreSQL serves
 * statements side by side: no slot limit there, and the pool ignores the mark.
 */
export class Background {
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(private readonly slots = Number.POSITIVE_INFINITY) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.slots) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running++;
    try {
      return await background.run(true, work);
    } finally {
      const next = this.#waiting.shift();
      // The slot goes straight to the next in line.
      if (next) next();
      else this.#running--;
    }
  }
}
