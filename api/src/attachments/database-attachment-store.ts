import { Readable } from 'node:stream';
import type { Db } from '../db/schema';
import {
  type AttachmentStore,
  reencodedUpload,
  STORED_NAME,
  type StoredAttachment,
} from './attachment-store';
import type { DetectedImage } from './detect-image';

/**
 * An image is read and written this many bytes per statement. Large enough that a 5 MiB image is about twenty
 * statements, small enough that a download holds one chunk (and its text form on the wire) at a time.
 */
export const CHUNK_BYTES = 256 * 1024;

/**
 * Images in the database every API process already shares (migration 0007): a row in `attachments` per image,
 * its bytes in `attachment_chunks` rows of `CHUNK_BYTES`, numbered from 0.
 *
 * Why chunk rows and not PostgreSQL large objects (`pg-large-object`): a large object is read through a
 * descriptor that lives only inside one transaction, so every download would hold a pooled connection and an
 * open transaction for as long as the slowest client takes to receive it; large objects also sit outside the
 * tables (no cascade: orphans need `vacuumlo`, and their permissions are separate) and PGlite has no
 * client-side large-object protocol. Chunk rows are plain SQL on both engines: each chunk is one short
 * statement on whichever connection is free, a delete cascades, and `pg_dump` carries them with the tables.
 * Reading ranges of one big `bytea` (`substring(data from … for …)`) would need the whole image as one
 * parameter to write it, and its storage switched off compression to read slices cheaply; chunk rows need
 * neither. No library does this, so it is these few statements.
 */
export class DatabaseAttachmentStore implements AttachmentStore {
  readonly kind = 'database';

  constructor(
    private readonly db: Db,
    /** Uploads declaring more pixels are refused (`UnusableImageError`) before they are decoded. */
    private readonly maxPixels: number,
  ) {}

  async save(bytes: Uint8Array, image: DetectedImage): Promise<string> {
    const { name, pixels } = await reencodedUpload(bytes, image, this.maxPixels);
    await this.put(name, pixels);
    return name;
  }

  /** One transaction: readers see the image whole or not at all. */
  async put(name: string, content: Uint8Array | Readable): Promise<boolean> {
    if (!STORED_NAME.test(name)) throw new Error(`Not an attachment name: ${name}`);
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('attachments')
        .values({ name, size: 0 })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .returning('name')
        .executeTakeFirst();
      if (!claimed) return false;
      let seq = 0;
      let size = 0;
      for await (const data of inChunks(content, CHUNK_BYTES)) {
        await trx.insertInto('attachment_chunks').values({ name, seq: seq++, data }).execute();
        size += data.length;
      }
      await trx.updateTable('attachments').set({ size }).where('name', '=', name).execute();
      return true;
    });
  }

  async remove(name: string): Promise<void> {
    if (!STORED_NAME.test(name)) return;
    // Its chunks go with it (ON DELETE CASCADE).
    await this.db.deleteFrom('attachments').where('name', '=', name).execute();
  }

  async open(name: string): Promise<StoredAttachment | null> {
    if (!STORED_NAME.test(name)) return null;
    const row = await this.db
      .selectFrom('attachments')
      .select('size')
      .where('name', '=', name)
      .executeTakeFirst();
    if (!row) return null;
    const { db } = this;
    const { size } = row;
    // Pulled as the response drains (Readable.from waits for the consumer), each chunk its own statement: no
    // connection or transaction is held between chunks, however slow the client.
    async function* chunks(): AsyncGenerator<Uint8Array> {
      let sent = 0;
      for (let seq = 0; sent < size; seq++) {
        const chunk = await db
          .selectFrom('attachment_chunks')
          .select('data')
          .where('name', '=', name)
          .where('seq', '=', seq)
          .executeTakeFirst();
        // Deleted while it was being sent: the response ends short rather than with someone else's bytes.
        if (!chunk) throw new Error(`Attachment ${name} was removed while it was being read`);
        sent += chunk.data.length;
        yield chunk.data;
      }
    }
    return { stream: Readable.from(chunks(), { objectMode: false }), size };
  }

  async *names(): AsyncIterable<string> {
    const rows = await this.db.selectFrom('attachments').select('name').orderBy('name').execute();
    for (const row of rows) yield row.name;
  }
}

/** Cuts bytes, whole or streamed, into pieces of `size` (the last may be shorter), holding one piece at most. */
async function* inChunks(content: Uint8Array | Readable, size: number): AsyncGenerator<Uint8Array> {
  if (content instanceof Uint8Array) {
    for (let at = 0; at < content.length; at += size) yield content.subarray(at, at + size);
    return;
  }
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of content as AsyncIterable<Buffer>) {
    pending.push(piece);
    pendingBytes += piece.length;
    while (pendingBytes >= size) {
      const joined = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending);
      yield joined.subarray(0, size);
      pending = [joined.subarray(size)];
      pendingBytes -= size;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}
