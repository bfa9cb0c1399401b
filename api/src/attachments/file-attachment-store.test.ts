import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from '@rstest/core';
import { FileAttachmentStore } from './file-attachment-store';

const names = async (store: FileAttachmentStore) => {
  const found: string[] = [];
  for await (const name of store.names()) found.push(name);
  return found;
};

describe('FileAttachmentStore', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chat-file-store-test-'));
  const store = new FileAttachmentStore(dir, 40_000_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('never shows a name before its file is complete', async () => {
    const name = '00000000-0000-4000-8000-000000000001.png';
    const upload = new PassThrough();
    const stored = store.put(name, upload);
    upload.write(Buffer.alloc(1000, 1));
    // Half written: on disk under a partial name only, which no listing or link reaches. Waited for rather
    // than slept on: a busy machine took longer than a fixed 20 ms to open the file.
    const partial = () => readdirSync(dir).some((file) => file.endsWith('.partial'));
    for (const started = Date.now(); !partial() && Date.now() - started < 10_000; )
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(partial()).toBe(true);
    expect(await names(store)).toEqual([]);
    expect(await store.open(name)).toBeNull();
    upload.end(Buffer.alloc(1000, 2));
    expect(await stored).toBe(true);
    expect(await names(store)).toEqual([name]);
    expect(readdirSync(dir)).toEqual([name]);
    expect((await store.open(name))?.size).toBe(2000);
  });

  it('holds deletions back while a backup copies the folder, then carries them out', async () => {
    const name = '00000000-0000-4000-8000-000000000002.jpg';
    await store.put(name, Buffer.from('bytes'));
    const seenDuring = await store.withRemovalsPaused(async () => {
      await store.remove(name);
      return existsSync(join(dir, name));
    });
    expect(seenDuring).toBe(true);
    expect(existsSync(join(dir, name))).toBe(false);
  });
});
