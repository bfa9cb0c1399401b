import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, opendir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type AttachmentStore,
  reencodedUpload,
  STORED_NAME,
  type StoredAttachment,
} from './attachment-store';
import type { DetectedImage } from './detect-image';

/**
 * Files on local disk under the data folder, which no static handler serves: only signed links reach them.
 * Files stored before the database store existed are read exactly as before.
 */
export class FileAttachmentStore implements AttachmentStore {
  readonly kind = 'files';
  #removalsPaused = 0;
  #pendingRemovals: string[] = [];

  constructor(
    readonly dir: string,
    /** Uploads declaring more pixels are refused (`UnusableImageError`) before they are decoded. */
    private readonly maxPixels: number,
  ) {}

  async save(bytes: Uint8Array, image: DetectedImage): Promise<string> {
    const { name, pixels } = await reencodedUpload(bytes, image, this.maxPixels);
    await this.put(name, pixels);
    return name;
  }

  /**
   * Written aside, then linked into place: a file under a stored name is always complete (a backup copying
   * the folder while uploads arrive, or a crash mid-write, never meets half an image), and `link`, unlike
   * `rename`, refuses to replace a name that exists.
   */
  async put(name: string, content: Uint8Array | Readable): Promise<boolean> {
    if (!STORED_NAME.test(name)) throw new Error(`Not an attachment name: ${name}`);
    await mkdir(this.dir, { recursive: true });
    const partial = join(this.dir, `.${name}.${randomUUID()}.partial`);
    try {
      if (content instanceof Uint8Array) await writeFile(partial, content, { flag: 'wx' });
      else await pipeline(content, createWriteStream(partial, { flags: 'wx' }));
      await link(partial, join(this.dir, name));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      await rm(partial, { force: true });
    }
  }

  async remove(name: string): Promise<void> {
    if (!STORED_NAME.test(name)) return;
    if (this.#removalsPaused > 0) this.#pendingRemovals.push(name);
    else await rm(join(this.dir, name), { force: true });
  }

  async open(name: string): Promise<StoredAttachment | null> {
    if (!STORED_NAME.test(name)) return null;
    const path = join(this.dir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: createReadStream(path), size: info.size };
  }

  async *names(): AsyncIterable<string> {
    const dir = await opendir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!dir) return;
    for await (const entry of dir) if (entry.isFile() && STORED_NAME.test(entry.name)) yield entry.name;
  }

  /**
   * Runs `task` with deletions held back until it ends (then carried out): a backup that dumped the
   * database first still finds, when it copies the folder, the image of every message in that dump, even
   * one deleted meanwhile. Holds only within this process, which is all the embedded database has.
   */
  async withRemovalsPaused<T>(task: () => Promise<T>): Promise<T> {
    this.#removalsPaused++;
    try {
      return await task();
    } finally {
      if (--this.#removalsPaused === 0) {
        const names = this.#pendingRemovals.splice(0);
        // A file left behind is an orphan no link names any more; the task's outcome matters more.
        await Promise.allSettled(names.map((name) => this.remove(name)));
      }
    }
  }
}
