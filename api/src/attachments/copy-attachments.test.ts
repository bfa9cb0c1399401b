import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { JPEG_1X1, PNG_1X1 } from '../testing/images';
import { migratedDatabase } from '../testing/migrated-database';
import type { AttachmentStore } from './attachment-store';
import { copyAttachments } from './copy-attachments';
import { DatabaseAttachmentStore } from './database-attachment-store';
import { type DetectedImage, detectImage } from './detect-image';
import { FileAttachmentStore } from './file-attachment-store';

const MAX_PIXELS = 40_000_000;

const readAll = async (store: AttachmentStore, name: string) => {
  const opened = await store.open(name);
  if (!opened) return null;
  const pieces: Buffer[] = [];
  for await (const piece of opened.stream) pieces.push(Buffer.from(piece as Uint8Array));
  return Buffer.concat(pieces);
};

describe('moving from the file store to the database store (attachments:import)', () => {
  const database = migratedDatabase();
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'chat-import-test-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies every file under its own name, byte for byte, and a second run copies nothing again', async () => {
    const files = new FileAttachmentStore(dir, MAX_PIXELS);
    const save = async (bytes: Buffer) => files.save(bytes, (await detectImage(bytes)) as DetectedImage);
    const names = [await save(PNG_1X1), await save(JPEG_1X1)];
    const target = new DatabaseAttachmentStore(database.db, MAX_PIXELS);

    expect(await copyAttachments(files, target)).toEqual({ copied: 2, present: 0, vanished: 0 });
    for (const name of names) {
      const copy = await readAll(target, name);
      expect(copy?.length).toBeGreaterThan(0);
      expect(copy).toEqual(await readAll(files, name));
    }
    expect(await copyAttachments(files, target)).toEqual({ copied: 0, present: 2, vanished: 0 });
  });
});
