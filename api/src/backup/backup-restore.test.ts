import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Message, Room } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { buildApp } from '../app';
import { hashPassword } from '../auth/passwords';
import { API_ROOT } from '../config';
import { RecordingPublisher } from '../realtime/publisher';
import { issueAccessToken } from '../repositories/access-tokens';
import { insertUser } from '../repositories/users';
import { JPEG_1X1 } from '../testing/images';
import { multipart } from '../testing/multipart';
import { testConfig } from '../testing/test-app';

/** Each step starts an API and a command or two, each its own process: generous on a busy machine. */
const CYCLE_TIMEOUT_MS = 120_000;

/** What the API's own variables would be on the machine: the CLIs read them from the environment too. */
type Env = Record<string, string>;

const SECRETS: Env = {
  NODE_ENV: 'test',
  APP_KEY: 'test-app-key-test-app-key-test-app-key',
  REVERB_APP_SECRET: 'test-reverb-secret',
  SEED_DEMO_USERS: 'false',
};

/** The real commands, as an operator runs them (their own process, the API's variables). */
async function cli(script: 'db-backup' | 'db-restore', args: string[], env: Env) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', `src/cli/${script}.ts`, ...args],
      { cwd: API_ROOT, env: { ...process.env, ...SECRETS, ...env, INIT_CWD: API_ROOT } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function startApp(env: Env): Promise<FastifyInstance> {
  const app = await buildApp(testConfig({ ...SECRETS, HOST: '127.0.0.1', ...env }), {
    publisher: new RecordingPublisher(),
    logger: false,
  });
  // Listening, as a running API is: the embedded database's backup is asked of it at this address.
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** Everything a user sees, and the raw read positions, to compare before the backup and after the restore. */
async function snapshot(app: FastifyInstance, tokens: string[]) {
  const seen = [];
  for (const token of tokens) {
    const headers = { authorization: `Bearer ${token}` };
    const rooms = (await app.inject({ url: '/api/chatrooms', headers })).json() as Room[];
    const pages = [];
    for (const room of rooms.filter((r) => r.is_member)) {
      const page = (
        await app.inject({ url: `/api/chatrooms/${room.id}/messages`, headers })
      ).json() as Message[];
      pages.push(
        await Promise.all(
          page.map(async (message) => {
            if (!message.attachment_path) return message;
            // The link is signed anew on every read; the image it opens must be the same bytes.
            const link = new URL(message.attachment_path);
            const image = await app.inject({ url: link.pathname + link.search });
            expect(image.statusCode).toBe(200);
            return { ...message, attachment_path: link.pathname, image: image.rawPayload.toString('base64') };
          }),
        ),
      );
    }
    seen.push({ rooms, pages });
  }
  const positions = await app.db
    .selectFrom('room_members')
    .select(['room_id', 'user_id', 'last_read_message_id'])
    .orderBy('room_id')
    .orderBy('user_id')
    .execute();
  return { seen, positions };
}

/** Two users, two rooms, text and images both ways, a read position: through the API. Their tokens. */
async function chat(app: FastifyInstance): Promise<{ tokens: string[]; roomId: number }> {
  const hash = await hashPassword('password');
  const tokens: string[] = [];
  for (const name of ['ann', 'bob']) {
    const user = await insertUser(app.db, name, hash);
    tokens.push((await issueAccessToken(app.db, user?.id as number, app.config.accessTokens)).token);
  }
  const [ann, bob] = tokens.map((token) => ({ authorization: `Bearer ${token}` })) as [
    { authorization: string },
    { authorization: string },
  ];
  const createRoom = async (name: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/chatrooms',
        headers: ann,
        payload: { name, description: 'd', max_members: 10 },
      })
    ).json().id as number;
  const roomId = await createRoom('Together');
  await createRoom('Ann alone');
  await app.inject({ method: 'POST', url: `/api/chatrooms/${roomId}/join`, headers: bob });
  const send = async (headers: { authorization: string }, content: string, image?: Buffer) => {
    const form = await multipart(
      { content },
      image ? { attachment: { bytes: image, filename: 'x', type: 'image/png' } } : {},
    );
    const sent = await app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(sent.statusCode).toBe(201);
    return sent.json() as Message;
  };
  // Noise does not compress: a PNG of several 256 KiB chunks in the database store.
  const noise = await sharp(Buffer.from(Array.from({ length: 400 * 400 * 3 }, (_, i) => (i * 7919) % 251)), {
    raw: { width: 400, height: 400, channels: 3 },
  })
    .png()
    .toBuffer();
  const first = await send(ann, 'hello, Bob');
  await send(ann, 'a picture', noise);
  await send(bob, '', JPEG_1X1);
  await send(bob, 'hi Ann');
  const read = await app.inject({
    method: 'POST',
    url: `/api/chatrooms/${roomId}/read`,
    headers: bob,
    payload: { message_id: first.id },
  });
  expect(read.statusCode).toBe(204);
  return { tokens, roomId };
}

/**
 * The whole cycle for one kind of database: chat, back up while the API runs, wipe, restore into a fresh
 * data folder (and, on PostgreSQL, a database of another name), start, and find everything as it was.
 */
function backupCycle(kind: 'embedded' | 'postgres') {
  const folders: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), `chat-backup-${kind}-`));
    folders.push(dir);
    return dir;
  };
  let sourceEnv: Env;
  let targetEnv: Env;
  let backupFile: string;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let tokens: string[];
  let admin: pg.Client | undefined;
  const databases: string[] = [];

  beforeAll(async () => {
    sourceEnv = { DATA_DIR: fresh() };
    targetEnv = { DATA_DIR: fresh() };
    backupFile = join(fresh(), 'chat.backup');
    const url = process.env.TEST_DATABASE_URL;
    if (kind === 'postgres' && url) {
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const suffix = `${process.pid}_${Date.now()}`;
      for (const [env, name] of [
        [sourceEnv, `backup_source_${suffix}`],
        [targetEnv, `backup_target_${suffix}`],
      ] as const) {
        await admin.query(`CREATE DATABASE ${name}`);
        databases.push(name);
        const own = new URL(url);
        own.pathname = `/${name}`;
        env.DATABASE_URL = own.href;
      }
    }
  });
  afterAll(async () => {
    for (const name of databases) await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'backs up while the API runs, and restores every message, membership, read position and image',
    async () => {
      const source = await startApp(sourceEnv);
      try {
        const chatted = await chat(source);
        tokens = chatted.tokens;
        before = await snapshot(source, tokens);
        expect(before.seen[0]?.pages.flat()).toHaveLength(4);
        expect(before.seen[1]?.rooms.filter((room) => room.is_member)).toHaveLength(1);

        const backup = await cli('db-backup', [backupFile], sourceEnv);
        expect(backup.stderr).toBe('');
        expect(backup.code).toBe(0);
        expect(backup.stdout).toContain(kind === 'embedded' ? 'through the running API' : 'through pg_dump');
        if (kind === 'embedded') {
          const busy = await cli('db-restore', [backupFile], sourceEnv);
          expect(busy.code).toBe(1);
          expect(busy.stderr).toContain('Stop it first.');
        }
        // After the backup: not in it.
        const late = await source.inject({
          method: 'POST',
          url: `/api/chatrooms/${chatted.roomId}/messages`,
          headers: { authorization: `Bearer ${tokens[0]}` },
          payload: { content: 'sent after the backup' },
        });
        expect(late.statusCode).toBe(201);
      } finally {
        await source.close();
      }
      // The wipe: the source's data folder is gone (its database too, on PostgreSQL, by using another).
      rmSync(sourceEnv.DATA_DIR as string, { recursive: true, force: true });

      const restore = await cli('db-restore', [backupFile], targetEnv);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);

      const target = await startApp(targetEnv);
      try {
        expect(await snapshot(target, tokens)).toEqual(before);
      } finally {
        await target.close();
      }
    },
    CYCLE_TIMEOUT_MS,
  );

  it(
    'refuses to restore over users and messages without --replace, changing nothing, and replaces with it',
    async () => {
      const refused = await cli('db-restore', [backupFile], targetEnv);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('already holds data (2 users, 4 messages)');
      expect(refused.stderr).toContain('--replace');

      const replaced = await cli('db-restore', [backupFile, '--replace'], targetEnv);
      expect(replaced.stderr).toBe('');
      expect(replaced.code).toBe(0);
      const target = await startApp(targetEnv);
      try {
        expect(await snapshot(target, tokens)).toEqual(before);
      } finally {
        await target.close();
      }
    },
    CYCLE_TIMEOUT_MS,
  );

  it(
    'says what is wrong with a file that is not a backup, or one cut short, and changes nothing',
    async () => {
      const notABackup = join(fresh(), 'notes.txt');
      writeFileSync(notABackup, 'just some notes\n');
      const cutShort = join(fresh(), 'cut.backup');
      writeFileSync(cutShort, readFileSync(backupFile));
      truncateSync(cutShort, Math.floor(readFileSync(backupFile).length / 2));
      const emptyEnv: Env = { ...targetEnv, DATA_DIR: fresh() };
      if (kind === 'postgres') {
        // An empty database of its own, so that the cut-short backup is read past its manifest.
        const name = `backup_empty_${process.pid}_${Date.now()}`;
        await admin?.query(`CREATE DATABASE ${name}`);
        databases.push(name);
        const own = new URL(targetEnv.DATABASE_URL as string);
        own.pathname = `/${name}`;
        emptyEnv.DATABASE_URL = own.href;
      }

      expect((await cli('db-restore', [notABackup], emptyEnv)).stderr).toContain(
        'This is not a backup made by db:backup',
      );
      const cut = await cli('db-restore', [cutShort], emptyEnv);
      expect(cut.code).toBe(1);
      expect(cut.stderr).toContain('The backup is damaged or cut short');
      expect((await cli('db-restore', [], emptyEnv)).stderr).toContain('Usage: pnpm db:restore FILE');
      // The restored target is untouched by all of that.
      const target = await startApp(targetEnv);
      try {
        expect(await snapshot(target, tokens)).toEqual(before);
      } finally {
        await target.close();
      }
    },
    CYCLE_TIMEOUT_MS,
  );
}

describe('pnpm db:backup and db:restore, embedded database', () => backupCycle('embedded'));

describe.skipIf(!process.env.TEST_DATABASE_URL)('pnpm db:backup and db:restore, PostgreSQL', () =>
  backupCycle('postgres'),
);
