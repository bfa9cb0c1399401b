import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { AttachmentStore } from '../attachments/attachment-store';
import type { Db } from '../db/schema';
import { cachedPreview } from '../repositories/link-previews/cached-preview';
import { prunePreviews } from '../repositories/link-previews/prune-previews';
import { savePreview } from '../repositories/link-previews/save-preview';
import type { MessageRow } from '../repositories/messages/columns';
import { fetchPreview } from './fetch-preview';
import { FetchQueue } from './fetch-queue';
import type { FetchRules } from './fetch-rules';
import { firstLink } from './first-link';

export interface LinkPreviewOptions {
  db: Db;
  store: AttachmentStore;
  rules: FetchRules;
  cacheSeconds: number;
  concurrency: number;
  perUserPerHour: number;
  log: FastifyBaseLogger;
  /** Shows the read preview under the message and announces it (services/attach-link-preview). */
  attach(message: MessageRow, url: string): Promise<void>;
}

/** How often the previews no message shows are looked for, and how many go per statement and per pass. */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;
const PRUNE_BATCH = 500;
const PRUNE_MAX_BATCHES = 20;

/**
 * Link previews, behind the send: the first http(s) link of a new message is read from the cache or fetched
 * (bounded by FetchQueue and a number of fetches per user per hour), and a preview, if the page gave one, is
 * attached. Nothing here reaches the sender or the room on failure: the message simply has no preview.
 */
export class LinkPreviews {
  readonly #options: LinkPreviewOptions;
  readonly #queue: FetchQueue;
  readonly #perUser: RateLimiterMemory;
  /** Fetches under way by URL: messages linking to one page at once share its fetch. */
  readonly #fetching = new Map<string, Promise<boolean>>();
  readonly #running = new Set<Promise<void>>();
  readonly #stop = new AbortController();

  constructor(options: LinkPreviewOptions) {
    this.#options = options;
    this.#queue = new FetchQueue(options.concurrency);
    this.#perUser = new RateLimiterMemory({ points: options.perUserPerHour, duration: 3600 });
  }

  /** Called by the send once the message is stored and announced; returns at once. */
  schedule(message: MessageRow): void {
    if (this.#stop.signal.aborted) return;
    const url = firstLink(message.content);
    if (!url) return;
    const work = this.#preview(message, url).catch((error: unknown) =>
      this.#options.log.warn({ err: error, messageId: message.id }, 'link preview failed'),
    );
    this.#running.add(work);
    void work.finally(() => this.#running.delete(work));
  }

  /** Resolves once every preview scheduled so far is settled (tests, and the app's close). */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all(this.#running);
  }

  /**
   * Deletes the previews no message shows once their cache time is over, with their images, a batch at a time
   * (the plugin calls it every PRUNE_EVERY_MS; several API processes doing it at once delete each row once).
   * Answers how many went; never throws: a failed pass is logged and the next one tries again.
   */
  async prune(): Promise<number> {
    const { db, store, cacheSeconds, log } = this.#options;
    let pruned = 0;
    try {
      for (let batch = 0; batch < PRUNE_MAX_BATCHES && !this.#stop.signal.aborted; batch++) {
        const { deleted, images } = await prunePreviews(db, cacheSeconds, PRUNE_BATCH);
        for (const image of images) await store.remove(image).catch(() => {});
        pruned += deleted;
        if (deleted < PRUNE_BATCH) break;
      }
    } catch (error) {
      log.warn({ err: error }, 'link preview pruning failed');
    }
    if (pruned > 0) log.info({ pruned }, 'link previews no message shows were deleted');
    return pruned;
  }

  /** Stops the fetches under way; the app closes without waiting on any site. */
  async close(): Promise<void> {
    this.#stop.abort();
    await this.idle();
  }

  async #preview(message: MessageRow, url: string): Promise<void> {
    const { db, cacheSeconds } = this.#options;
    const cached = await cachedPreview(db, url, cacheSeconds);
    const usable = cached ? !cached.failed : await this.#fetchOnce(url, message.user_id);
    if (usable && !this.#stop.signal.aborted) await this.#options.attach(message, url);
  }

  #fetchOnce(url: string, userId: number): Promise<boolean> {
    const running = this.#fetching.get(url);
    if (running) return running;
    const fetching = this.#fetch(url, userId).finally(() => this.#fetching.delete(url));
    this.#fetching.set(url, fetching);
    return fetching;
  }

  /** Whether the page gave a preview; false too when the user's fetches for the hour are spent. */
  async #fetch(url: string, userId: number): Promise<boolean> {
    const { db, store, rules, log } = this.#options;
    const allowed = await this.#perUser.consume(String(userId)).then(
      () => true,
      () => false,
    );
    if (!allowed) return false;
    const host = new URL(url).hostname.toLowerCase();
    const read = await this.#queue
      .run(host, () => fetchPreview(url, rules, this.#stop.signal))
      .catch((error: unknown) => {
        log.info({ err: error, url }, 'link preview refused');
        return null;
      });
    if (this.#stop.signal.aborted) return false;
    const imageName = read?.image
      ? await store.save(read.image.bytes, read.image.type).catch(() => null)
      : null;
    const replaced = await savePreview(
      db,
      url,
      read && {
        title: read.title,
        description: read.description,
        site_name: read.site_name,
        image_name: imageName,
      },
    );
    if (replaced) await store.remove(replaced).catch(() => {});
    return read !== null;
  }
}
