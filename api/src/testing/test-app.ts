import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { User } from '@chat/shared/schemas';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../app';
import { hashPassword } from '../auth/passwords';
import { type Config, loadConfig } from '../config';
import type { Resolver } from '../link-previews/resolver';
import type { Publisher } from '../realtime/publisher';
import { RecordingPublisher } from '../realtime/publisher';
import { issueAccessToken } from '../repositories/access-tokens';
import { insertUser } from '../repositories/users';
import { createTestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:3000';

/** Configuration as a developer's machine would have it, with secrets fixed and files in a temp folder. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    APP_KEY: 'test-app-key-test-app-key-test-app-key',
    REVERB_APP_SECRET: 'test-reverb-secret',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'chat-api-test-')),
    SEED_DEMO_USERS: 'false',
    ...env,
  });
}

const passwordHashes = new Map<string, Promise<string>>();
let userCounter = 0;

export interface SignedIn {
  user: User;
  token: string;
  headers: { authorization: string };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** What the write path published, unless a real publisher was passed in. */
  published: RecordingPublisher;
  /** A user straight in the database plus a valid Bearer header for it (hashing once per password). */
  signIn(username?: string, password?: string): Promise<SignedIn>;
  /** A room `owner` creates through the API (which makes them its first member): its id. */
  createRoom(owner: SignedIn, name?: string): Promise<number>;
  /** `who` joins room `roomId` through the API. */
  join(who: SignedIn, roomId: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A built, ready app over a fresh database. `publisher: 'embedded'` keeps the real embedded websocket server
 * (not listening until the test says so); otherwise the write path publishes into `published`.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    publisher?: Publisher | 'embedded';
    /** Quiet unless a test reads the log. */
    logger?: FastifyServerOptions['logger'];
    /** How link previews resolve names (the system's DNS otherwise). */
    resolver?: Resolver;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = await createTestDatabase();
  const published = new RecordingPublisher();
  const publisher = options.publisher === 'embedded' ? undefined : (options.publisher ?? published);
  const app = await buildApp(config, {
    db: database.db,
    dbPool: database.pool,
    publisher,
    logger: options.logger ?? false,
    resolver: options.resolver,
  }).catch(async (error: unknown) => {
    await database.db.destroy();
    await database.dispose();
    throw error;
  });
  await app.ready();
  return {
    app,
    config,
    published,
    async signIn(username = `user${++userCounter}_${process.pid}`, password = 'password') {
      if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
      const user = (await insertUser(
        app.db,
        username,
        await (passwordHashes.get(password) as Promise<string>),
      )) as User;
      const { token } = await issueAccessToken(app.db, user.id, config.accessTokens);
      return { user, token, headers: { authorization: `Bearer ${token}` } };
    },
    async createRoom(owner, name = 'Room') {
      const created = await app.inject({
        method: 'POST',
        url: '/api/chatrooms',
        headers: owner.headers,
        payload: { name, description: 'd', max_members: 10 },
      });
      return created.json().id as number;
    },
    async join(who, roomId) {
      await app.inject({ method: 'POST', url: `/api/chatrooms/${roomId}/join`, headers: who.headers });
    },
    async close() {
      await app.close();
      await database.dispose();
      rmSync(join(config.storageDir, '..'), { recursive: true, force: true });
    },
  };
}
