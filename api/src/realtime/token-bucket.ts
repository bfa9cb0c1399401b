/** `burst` takes at once, refilled at `perSecond`: a client's frame budget. */
export class TokenBucket {
  #tokens: number;
  #updatedAt: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#tokens = burst;
    this.#updatedAt = now();
  }

  take(): boolean {
    const now = this.now();
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#updatedAt) / 1000) * this.perSecond);
    this.#updatedAt = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}
