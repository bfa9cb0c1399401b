import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DetectedImage } from './detect-image';
import { reencodeImage } from './reencode-image';

/** Generated names only: a UUID plus the detected extension. Anything else is refused before touching the disk. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;

/** Files on local disk under the data folder, which no static handler serves: only signed links reach them. */
export class AttachmentStore {
  constructor(
    private readonly dir: string,
    /** Uploads declaring more pixels are refused (`UnusableImageError`) before they are decoded. */
    private readonly maxPixels: number,
  ) {}

  /** Stores the upload's pixels only, re-encoded (see `reencodeImage`), never the bytes as sent. */
  async save(bytes: Uint8Array, image: DetectedImage): Promise<string> {
    const pixels = await reencodeImage(bytes, image, this.maxPixels);
    await mkdir(this.dir, { recursive: true });
    const name = `${randomUUID()}.${image.ext}`;
    await writeFile(join(this.dir, name), pixels, { flag: 'wx' });
    return name;
  }

  async remove(name: string): Promise<void> {
    if (STORED_NAME.test(name)) await rm(join(this.dir, name), { force: true });
  }

  /** Null when the name is not one of ours or the file is gone. */
  async open(name: string): Promise<{ stream: ReadStream; size: number } | null> {
    if (!STORED_NAME.test(name)) return null;
    const path = join(this.dir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: createReadStream(path), size: info.size };
  }
}
