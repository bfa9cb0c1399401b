import type { FastifyBaseLogger } from 'fastify';
import type { AttachmentStore } from '../attachments/attachment-store';
import type { Background } from '../db/background';
import type { Db } from '../db/schema';
import { purgeBatch, roomsOwingPurge } from '../repositories/rooms/room-lifecycle';

/** Messages per DELETE: small enough that a send waiting behind one batch waits a few milliseconds at most. */
export const PURGE_BATCH = 500;

/**
 * Deletes a deleted room's messages behind the request that deleted it: batches of `PURGE_BATCH` through the
 * Background queue (so on the embedded database each gives way to the requests being answered), yielding to
 * the event loop between batches, then each batch's images from the attachment store (whichever of the two
 * this process uses). One room at a time, in the order they were deleted. A failed batch is logged and the
 * room's purge given up until the next start, which resumes every purge still owed (`resume`).
 */
export class RoomPurger {
  #chain: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(
    private readonly deps: {
      db: Db;
      store: AttachmentStore;
      background: Background;
      log: FastifyBaseLogger;
      batchSize?: number;
    },
  ) {}

  /** Queues the room's purge; returns at once. */
  purge(roomId: number): void {
    this.#chain = this.#chain.then(() =>
      this.#purge(roomId).catch((error: unknown) =>
        this.deps.log.warn({ err: error, roomId }, 'room purge failed; resumed at the next start'),
      ),
    );
  }

  /** Queues the purges a stopped process left owing. */
  async resume(): Promise<void> {
    for (const roomId of await roomsOwingPurge(this.deps.db)) this.purge(roomId);
  }

  /** Resolves once every queued purge has completed (or failed). */
  idle(): Promise<void> {
    return this.#chain;
  }

  /** Stops after the batch under way (the app is closing); the rest is resumed at the next start. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#chain;
  }

  async #purge(roomId: number): Promise<void> {
    const { db, store, background } = this.deps;
    const limit = this.deps.batchSize ?? PURGE_BATCH;
    while (!this.#closed) {
      const batch = await background.run(() => purgeBatch(db, roomId, limit));
      for (const name of batch.attachmentNames) {
        await store
          .remove(name)
          .catch((error: unknown) => this.deps.log.warn({ err: error, name }, 'attachment removal failed'));
      }
      if (batch.deleted < limit) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
