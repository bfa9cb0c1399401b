import type { FastifyBaseLogger } from 'fastify';
import type { Background } from '../db/background';
import type { Db } from '../db/schema';
import { type BackfillLimits, backfillSearchText } from '../repositories/messages/backfill-search-text';

/**
 * A batch's share: on the embedded database a send may wait behind one, so it parses one longest message's
 * worth of text at most (MESSAGE_CONTENT_MAX, 5,000 characters: a few milliseconds).
 */
export const BACKFILL_LIMITS: BackfillLimits = { rows: 500, chars: 5_000 };

/**
 * Gives the messages stored before migration 0015 the text search reads (`messages.search_text`), behind the
 * requests: batches through the Background queue (so on the embedded database each gives way to the requests
 * being answered), yielding to the event loop between them, newest messages first, as they are the most
 * searched. Until a message's turn comes it is found by its raw text, as before. Stopped by the app's close
 * after the batch under way; the next start goes on from where it stopped. A failed batch is logged and the
 * rest left to the next start.
 */
export class SearchTextBackfill {
  #run: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(
    private readonly deps: {
      db: Db;
      background: Background;
      log: FastifyBaseLogger;
      limits?: BackfillLimits;
    },
  ) {}

  /** Starts the backfill if one is owed; returns at once. */
  start(): void {
    this.#run = this.#backfill().catch((error: unknown) =>
      this.deps.log.warn({ err: error }, 'search text backfill failed; resumed at the next start'),
    );
  }

  /** Resolves once the backfill has ended (done, stopped or failed). */
  idle(): Promise<void> {
    return this.#run;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#run;
  }

  async #backfill(): Promise<void> {
    const { db, background } = this.deps;
    const limits = this.deps.limits ?? BACKFILL_LIMITS;
    let batches = 0;
    while (!this.#closed && (await background.run(() => backfillSearchText(db, limits)))) {
      batches++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (batches > 0 && !this.#closed) this.deps.log.info({ batches }, 'search text backfill done');
  }
}
