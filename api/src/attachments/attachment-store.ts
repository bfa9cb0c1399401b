import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DetectedImage } from './detect-image';
import { reencodeImage } from './reencode-image';

/** Generated names only: a UUID plus the detected extension. Anything else is refused before touching storage. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;

export interface StoredAttachment {
  /** The bytes as stored, read as they are sent: a store never holds a whole image in memory to serve it. */
  stream: Readable;
  size: number;
}

/**
 * Where uploaded images live. Two implementations (chosen by `ATTACHMENT_STORE`, see plugins/attachments):
 * - `FileAttachmentStore`: files under `DATA_DIR/attachments`, the embedded database's default; one machine.
 * - `DatabaseAttachmentStore`: chunks in the database itself, the default with `DATABASE_URL`, so every API
 *   process on every machine serves every image.
 * Names are the store's keys and the messages' `attachment_name`; only signed links (routes/attachments) reach
 * `open`. Both stores are write-once: a name, once stored, always means the same bytes.
 */
export interface AttachmentStore {
  readonly kind: 'files' | 'database';
  /** Stores the upload's pixels only, re-encoded (see `reencodeImage`), never the bytes as sent: its new name. */
  save(bytes: Uint8Array, image: DetectedImage): Promise<string>;
  /** Stores bytes under a name as they are (copies between stores, restores); false if the name was taken. */
  put(name: string, content: Uint8Array | Readable): Promise<boolean>;
  /** Null when the name is not one of ours or nothing is stored under it. */
  open(name: string): Promise<StoredAttachment | null>;
  remove(name: string): Promise<void>;
  /** Every stored name (complete images only). */
  names(): AsyncIterable<string>;
}

/** What `save` does before either store writes: decode, encode again, name it. */
export async function reencodedUpload(
  bytes: Uint8Array,
  image: DetectedImage,
  maxPixels: number,
): Promise<{ name: string; pixels: Buffer }> {
  const pixels = await reencodeImage(bytes, image, maxPixels);
  return { name: `${randomUUID()}.${image.ext}`, pixels };
}
