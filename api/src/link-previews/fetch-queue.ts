/**
 * Bounds the fetching: at most `slots` pages at a time, and one at a time per host, so a room pasting many
 * links to one site costs that site one request at a time. A host's turn waits without holding a slot.
 */
export class FetchQueue {
  readonly #slots: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];
  readonly #hosts = new Map<string, Promise<unknown>>();

  constructor(slots: number) {
    this.#slots = slots;
  }

  run<T>(host: string, work: () => Promise<T>): Promise<T> {
    const before = this.#hosts.get(host) ?? Promise.resolve();
    const mine = before.then(
      () => this.#inSlot(work),
      () => this.#inSlot(work),
    );
    const settled = mine.catch(() => {});
    this.#hosts.set(host, settled);
    // The last in line clears its host's entry, so the map only holds hosts being fetched.
    void settled.then(() => {
      if (this.#hosts.get(host) === settled) this.#hosts.delete(host);
    });
    return mine;
  }

  async #inSlot<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#slots) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running++;
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
