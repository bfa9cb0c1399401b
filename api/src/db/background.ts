import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

/**
 * Runs `work` with its statements behind everyone else's: on the embedded database, whose one thread serves
 * every request, a statement issued from here waits for the connection until no other statement is waiting
 * (PGlitePool), so a search never holds a send up for more than the one statement it is running. A real
 * PostgreSQL serves statements side by side and ignores it.
 */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

export const isInBackground = () => background.getStore() === true;
