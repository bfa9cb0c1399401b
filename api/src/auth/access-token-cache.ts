import type { User } from '@chat/shared/schemas';
import { tokenMatches } from './access-tokens';

interface Entry {
  tokenHash: string;
  user: User;
  expiresAt: number;
}

/**
 * Bearer tokens' owners, remembered for a few seconds per process: the lookup was one of a request's two
 * statements. Only the stored hash is kept, and every hit checks the presented secret against it, as the
 * database lookup does. The cost: a token revoked by another process (a logout served there, a row deleted
 * by hand) keeps working in this process until its entry expires; a logout served here forgets it at once.
 */
export class AccessTokenCache {
  readonly #entries = new Map<number, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The owner of a known, fresh token; null if the secret is wrong; undefined: ask the database. */
  get(token: { id: number; secret: string }): User | null | undefined {
    const entry = this.#entries.get(token.id);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.#entries.delete(token.id);
      return undefined;
    }
    return tokenMatches(entry.tokenHash, token.secret) ? entry.user : null;
  }

  /** `tokenExpiresAt` (epoch ms): the token's own end, which the entry never outlives. */
  set(id: number, tokenHash: string, user: User, tokenExpiresAt = Number.POSITIVE_INFINITY): void {
    this.#entries.delete(id);
    if (this.#entries.size >= this.maxEntries) {
      // The oldest entry: a Map iterates in insertion order.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(id, { tokenHash, user, expiresAt: Math.min(this.now() + this.ttlMs, tokenExpiresAt) });
  }

  delete(id: number): void {
    this.#entries.delete(id);
  }
}
