import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Message } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { hashPassword } from '../auth/passwords';
import { RecordingPublisher } from '../realtime/publisher';
import { issueAccessToken } from '../repositories/access-tokens';
import { insertUser } from '../repositories/users';
import { JPEG_1X1, PNG_1X1 } from '../testing/images';
import { multipart } from '../testing/multipart';
import { testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

/**
 * What `pnpm start:scale` and any deployment past one machine rely on: an image uploaded through one API
 * process opens through any other, though none shares a data folder. On a real PostgreSQL (TEST_DATABASE_URL)
 * each app opens its own pool from DATABASE_URL, as two processes would, and the store follows from it; on
 * PGlite, which admits one process, the two apps share one connection and ask for the database store.
 */
describe('two API processes on one database, each with its own empty data folder', () => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  let headers: { authorization: string };
  let roomId: number;

  const upload = async (app: FastifyInstance, bytes: Uint8Array, filename: string) => {
    const form = await multipart({ content: '' }, { attachment: { bytes, filename, type: 'image/png' } });
    const response = await app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as Message;
  };
  const open = (app: FastifyInstance, link: string) => {
    const { pathname, search } = new URL(link);
    return app.inject({ url: pathname + search });
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      const env: Record<string, string> = database.url
        ? { DATABASE_URL: database.url }
        : { ATTACHMENT_STORE: 'database' };
      const overrides = database.url ? {} : { db: database.db };
      const app = await buildApp(testConfig(env), {
        ...overrides,
        publisher: new RecordingPublisher(),
        logger: false,
      });
      apps.push(app);
      expect(app.attachments.store.kind).toBe('database');
    }
    const [a] = apps as [FastifyInstance];
    const user = await insertUser(a.db, 'photographer', await hashPassword('password'));
    const { token } = await issueAccessToken(a.db, user?.id as number, a.config.accessTokens);
    headers = { authorization: `Bearer ${token}` };
    const room = await a.inject({
      method: 'POST',
      url: '/api/chatrooms',
      headers,
      payload: { name: 'Shared', description: 'd', max_members: 10 },
    });
    roomId = room.json().id;
  });
  afterAll(async () => {
    for (const app of apps) {
      await app.close();
      rmSync(join(app.config.storageDir, '..'), { recursive: true, force: true });
    }
    // On PGlite both apps closed the one shared connection; closing it twice is a no-op.
    await database.dispose();
  });

  it('serves each process the images the other one stored, byte for byte', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const fromA = await upload(a, PNG_1X1, 'a.png');
    const fromB = await upload(b, JPEG_1X1, 'b.jpg');
    for (const message of [fromA, fromB]) {
      const link = message.attachment_path as string;
      const [throughA, throughB] = [await open(a, link), await open(b, link)];
      expect([throughA.statusCode, throughB.statusCode]).toEqual([200, 200]);
      expect(throughA.rawPayload.length).toBeGreaterThan(0);
      expect(Buffer.compare(throughA.rawPayload, throughB.rawPayload)).toBe(0);
    }
    // The page read through B links A's upload, and that link opens through A.
    const page = await b.inject({ url: `/api/chatrooms/${roomId}/messages`, headers });
    const links = (page.json() as Message[]).map((message) => message.attachment_path as string);
    expect(links).toHaveLength(2);
    for (const link of links) expect((await open(a, link)).statusCode).toBe(200);
    // Neither process wrote a file: the data folders stay empty.
    for (const app of apps) {
      const dir = app.config.storageDir;
      expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    }
  });

  it('a delete through one process takes the image away from the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const message = await upload(a, PNG_1X1, 'gone.png');
    const link = message.attachment_path as string;
    expect((await open(b, link)).statusCode).toBe(200);
    const deleted = await b.inject({
      method: 'DELETE',
      url: `/api/chatrooms/${roomId}/messages/${message.id}`,
      headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await open(a, link)).statusCode).toBe(404);
  });
});
