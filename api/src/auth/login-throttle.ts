/**
 * Counts failed logins per username+IP, as Laravel's login request does: only failures count and a success
 * clears the slate, so people who type their password right are never locked out by their own logins.
 * In memory: one API process per deployment is the supported setup.
 */
export class LoginThrottle {
  readonly #attempts = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly maxAttempts: number,
    private readonly decaySeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again; 0 when it may try now. */
  availableIn(key: string): number {
    const entry = this.#attempts.get(key);
    if (!entry || entry.resetAt <= this.now()) return 0;
    return entry.count >= this.maxAttempts ? Math.ceil((entry.resetAt - this.now()) / 1000) : 0;
  }

  hit(key: string): void {
    const now = this.now();
    const entry = this.#attempts.get(key);
    if (entry && entry.resetAt > now) entry.count += 1;
    else this.#attempts.set(key, { count: 1, resetAt: now + this.decaySeconds * 1000 });
    if (this.#attempts.size > 10_000) this.#prune(now);
  }

  clear(key: string): void {
    this.#attempts.delete(key);
  }

  #prune(now: number): void {
    for (const [key, entry] of this.#attempts) if (entry.resetAt <= now) this.#attempts.delete(key);
  }
}
