import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ATTACHMENT_MAX_BYTES } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createUrlSigner } from '../attachments/signed-url';
import { JPEG_1X1, PNG_1X1, SVG, TEXT } from '../testing/images';
import { multipart } from '../testing/multipart';
import { createTestApp, type TestApp } from '../testing/test-app';
import { NOT_AN_IMAGE } from './messages';

type SignedIn = Awaited<ReturnType<TestApp['signIn']>>;

describe('image messages and signed attachment links', () => {
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

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: 'https://chat.example.test' } });
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
    ['PNG', PNG_1X1, 'image/png'],
    ['JPEG', JPEG_1X1, 'image/jpeg'],
  ])('accepts a real %s and serves it back through an absolute signed link', async (_kind, bytes, mime) => {
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
    expect(file.rawPayload.equals(bytes)).toBe(true);
  });

  it('stores files under generated names in the data folder, not under the uploaded name', async () => {
    await upload(PNG_1X1, 'evil.html', 'text/html');
    const stored = readdirSync(t.config.storageDir);
    expect(stored.length).toBeGreaterThan(0);
    for (const name of stored) expect(name).toMatch(/^[0-9a-f-]{36}\.(png|jpg)$/);
    expect(existsSync(join(t.config.storageDir, 'evil.html'))).toBe(false);
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
    const stored = readdirSync(t.config.storageDir).length;
    const again = await upload(PNG_1X1, 'a.png', 'image/png', { client_msg_id: clientMsgId });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(first.json().id);
    expect(readdirSync(t.config.storageDir).length).toBe(stored);
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
