/** Open sockets per client address, so one address cannot hold the server's memory and file descriptors. */
export class ConnectionsPerAddress {
  readonly #open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Counts one more socket for the address; false, counting nothing, when it already holds the maximum. */
  tryOpen(address: string): boolean {
    const open = this.#open.get(address) ?? 0;
    if (open >= this.max) return false;
    this.#open.set(address, open + 1);
    return true;
  }

  closed(address: string): void {
    const left = (this.#open.get(address) ?? 1) - 1;
    if (left > 0) this.#open.set(address, left);
    else this.#open.delete(address);
  }
}
