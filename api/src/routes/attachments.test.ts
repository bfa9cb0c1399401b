import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { ATTACHMENT_MAX_BYTES } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import sharp from 'sharp';
import { CHUNK_BYTES } from '../attachments/database-attachment-store';
import { createUrlSigner } from '../attachments/signed-url';
import { NOT_AN_IMAGE, tooManyPixels } from '../http/refusals';
import { JPEG_1X1, jpegDeclaring, PNG_1X1, pngDeclaring, SVG, TEXT } from '../testing/images';
import { multipart } from '../testing/multipart';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

/** Every behaviour below holds for both stores (see attachments/attachment-store). */
const STORES = ['files', 'database'] as const;

describe.each(STORES)('image messages and signed attachment links (%s store)', (kind) => {
  let t: TestApp;
  let member: SignedIn;
  let roomId: number;

  const upload = async (
    bytes: Uint8Array,
    filename: string,
    type: string,
    fields: Record<string, string> = {},
  ) => {
    const form = await multipart({ content: '', ...fields }, { attachment: { bytes, filename, type } });
    return t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });
  };
  const download = (url: string) => {
    const { pathname, search } = new URL(url);
    return t.app.inject({ url: pathname + search });
  };
  const storedNames = async () => {
    const names: string[] = [];
    for await (const name of t.app.attachments.store.names()) names.push(name);
    return names.sort();
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: 'https://chat.example.test', ATTACHMENT_STORE: kind } });
    expect(t.app.attachments.store.kind).toBe(kind);
    member = await t.signIn();
    const room = await t.app.inject({
      method: 'POST',
      url: '/api/chatrooms',
      headers: member.headers,
      payload: { name: 'Pics', description: 'd', max_members: 10 },
    });
    roomId = room.json().id;
  });
  afterAll(() => t.close());

  it.each([
    ['PNG', PNG_1X1, 'image/png', 'png'],
    ['JPEG', JPEG_1X1, 'image/jpeg', 'jpeg'],
  ])(
    'accepts a real %s and serves it back through an absolute signed link',
    async (_kind, bytes, mime, format) => {
      const response = await upload(bytes, 'holiday.bin', 'application/octet-stream');
      expect(response.statusCode).toBe(201);
      const message = response.json();
      expect(message.content).toBe('');
      expect(message.attachment_path).toMatch(
        /^https:\/\/chat\.example\.test\/api\/attachments\/[0-9a-f-]{36}\.(png|jpg)\?expires=\d+&signature=[0-9a-f]{64}$/,
      );
      const file = await download(message.attachment_path);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(mime);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toContain("default-src 'none'");
      expect(file.headers['content-security-policy']).toContain('sandbox');
      // Its own caching, not the API's no-store; and embeddable by the front ends on their own origins.
      expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
      // Re-encoded, so not the same bytes, but the same picture in the same format.
      const served = await sharp(file.rawPayload).metadata();
      expect(served).toMatchObject({ format, width: 1, height: 1 });
      expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
    },
  );

  it.each([
    ['JPEG', 'jpeg', 'image/jpeg'],
    ['PNG', 'png', 'image/png'],
  ] as const)('strips EXIF from a %s, turning it upright first', async (_kind, format, mime) => {
    const marker = 'EXIF-SECRET-GPS-52.37N-4.89E';
    // 40 × 20 pixels stored sideways: EXIF orientation 6 says "rotate 90° clockwise to view".
    const picture = sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00' } });
    const original = await picture[format]()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: marker } })
      .toBuffer();
    expect(original.includes(marker)).toBe(true);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const response = await upload(original, `photo.${format}`, mime);
    expect(response.statusCode).toBe(201);
    const file = await download(response.json().attachment_path);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.includes(marker)).toBe(false);
    const served = await sharp(file.rawPayload).metadata();
    expect(served).toMatchObject({ format, width: 20, height: 40 });
    expect(served.exif).toBeUndefined();
    expect(served.orientation).toBeUndefined();
    expect(served.icc).toBeUndefined();
    expect(served.xmp).toBeUndefined();
  });

  it.each([
    ['a PNG', pngDeclaring(100_000, 100_000), 'bomb.png', 'image/png'],
    ['a JPEG', jpegDeclaring(65_000, 65_000), 'bomb.jpg', 'image/jpeg'],
    ['a PNG a pixel over the limit', pngDeclaring(40_000_001, 1), 'wide.png', 'image/png'],
  ])(
    'refuses %s declaring more than 40 megapixels with 422, storing nothing',
    async (_name, bytes, filename, type) => {
      const stored = (await storedNames()).length;
      const response = await upload(bytes, filename, type);
      expect(response.statusCode).toBe(422);
      const message = 'The attachment field must not be larger than 40 megapixels.';
      expect(tooManyPixels(t.config.attachmentMaxPixels)).toBe(message);
      expect(response.json()).toEqual({ message, errors: { attachment: [message] } });
      expect((await storedNames()).length).toBe(stored);
    },
  );

  it('refuses a file that starts like a PNG but does not decode with 422', async () => {
    const truncated = PNG_1X1.subarray(0, 40);
    const response = await upload(truncated, 'broken.png', 'image/png');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: NOT_AN_IMAGE, errors: { attachment: [NOT_AN_IMAGE] } });
  });

  it('stores images under generated names, not under the uploaded name, in its store only', async () => {
    await upload(PNG_1X1, 'evil.html', 'text/html');
    const stored = await storedNames();
    expect(stored.length).toBeGreaterThan(0);
    for (const name of stored) expect(name).toMatch(/^[0-9a-f-]{36}\.(png|jpg)$/);
    // The file store's folder holds exactly those files; the database store writes none.
    const files = existsSync(t.config.storageDir) ? readdirSync(t.config.storageDir).sort() : [];
    expect(files).toEqual(kind === 'files' ? stored : []);
    expect(files).not.toContain('evil.html');
  });

  it.each([
    ['a text file named .png', TEXT, 'notes.png', 'image/png'],
    ['an SVG', SVG, 'drawing.svg', 'image/svg+xml'],
  ])('refuses %s with 422', async (_name, bytes, filename, type) => {
    const response = await upload(bytes, filename, type);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: NOT_AN_IMAGE, errors: { attachment: [NOT_AN_IMAGE] } });
  });

  it('refuses a file over the size limit with 422', async () => {
    const oversize = Buffer.concat([PNG_1X1, Buffer.alloc(ATTACHMENT_MAX_BYTES)]);
    const response = await upload(oversize, 'big.png', 'image/png');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      attachment: ['The attachment field must not be greater than 5120 kilobytes.'],
    });
  });

  it('refuses a multipart message with neither file nor text', async () => {
    const form = await multipart({ content: '' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ content: ['The content field is required.'] });
  });

  it('keeps client_msg_id idempotent for uploads too', async () => {
    const clientMsgId = '7d3f4a3e-5b1c-4c2e-9f3a-0e1d2c3b4a59';
    const first = await upload(PNG_1X1, 'a.png', 'image/png', { client_msg_id: clientMsgId });
    const stored = await storedNames();
    const again = await upload(PNG_1X1, 'a.png', 'image/png', { client_msg_id: clientMsgId });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(first.json().id);
    expect(await storedNames()).toEqual(stored);
  });

  it('serves an image larger than a chunk byte for byte, as stored from a stream of any piece size', async () => {
    const bytes = randomBytes(CHUNK_BYTES * 2 + 12_345);
    const name = `${randomUUID()}.png`;
    // Pieces that straddle chunk boundaries, as a file read or an upload would arrive.
    const pieces = [0, 1000, 300_000, 300_001, 600_000, bytes.length].map((at, i, all) =>
      bytes.subarray(at, all[i + 1] ?? at),
    );
    expect(await t.app.attachments.store.put(name, Readable.from(pieces))).toBe(true);
    if (kind === 'database') {
      const chunks = await t.app.db
        .selectFrom('attachment_chunks')
        .select(['seq', (eb) => eb.fn<number>('octet_length', ['data']).as('bytes')])
        .where('name', '=', name)
        .orderBy('seq')
        .execute();
      expect(chunks).toEqual([
        { seq: 0, bytes: CHUNK_BYTES },
        { seq: 1, bytes: CHUNK_BYTES },
        { seq: 2, bytes: 12_345 },
      ]);
    }
    const file = await download(t.app.attachments.signer.sign(name));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-length']).toBe(String(bytes.length));
    expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
  });

  it('keeps the first bytes under a name: storing under a taken name is refused', async () => {
    const name = `${randomUUID()}.jpg`;
    const first = randomBytes(1000);
    expect(await t.app.attachments.store.put(name, first)).toBe(true);
    expect(await t.app.attachments.store.put(name, randomBytes(1000))).toBe(false);
    const file = await download(t.app.attachments.signer.sign(name));
    expect(Buffer.compare(file.rawPayload, first)).toBe(0);
    await expect(t.app.attachments.store.put('../escape.png', first)).rejects.toThrow(
      'Not an attachment name',
    );
  });

  it('removes the stored image with its message; its link then answers 404', async () => {
    const message = (await upload(PNG_1X1, 'dot.png', 'image/png')).json();
    const name = new URL(message.attachment_path).pathname.split('/').at(-1) as string;
    expect(await storedNames()).toContain(name);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/chatrooms/${roomId}/messages/${message.id}`,
      headers: member.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await storedNames()).not.toContain(name);
    expect((await download(message.attachment_path)).statusCode).toBe(404);
  });

  it('answers 403 to a tampered, missing or expired signature', async () => {
    const { attachment_path: link } = (await upload(PNG_1X1, 'a.png', 'image/png')).json();
    const url = new URL(link);
    const tampered = new URL(link);
    tampered.searchParams.set('signature', '0'.repeat(64));
    const otherName = link.replace(/[0-9a-f-]{36}/, '00000000-0000-4000-8000-000000000000');
    const past = createUrlSigner({
      appUrl: t.config.appUrl,
      appKey: t.config.appKey,
      ttlSeconds: 60,
      now: () => Date.now() - 3_600_000,
    }).sign(url.pathname.split('/').at(-1) as string);
    for (const bad of [tampered.href, `${url.origin}${url.pathname}`, otherName, past]) {
      const response = await download(bad);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Invalid signature.' });
    }
  });
});
