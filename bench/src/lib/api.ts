import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoginResponse, Message, Room } from '@chat/shared';
import { repoRoot } from './paths';
import { deploymentOffsets, type Ports } from './ports';
import { type Service, startService } from './processes';

export interface ApiServer {
  /** REST base, ending in `/api/`. */
  url: string;
  origin: string;
  websocket: { host: string; port: number; key: string; appId: string; secret: string };
  /** The one Node process serving HTTP and the websocket, for memory readings. */
  pid: number;
  stop(): Promise<void>;
}

/** Which of the run's API processes: the shared one, a fresh one for memory readings, one on PostgreSQL. */
export type ApiSlot = 'shared' | 'isolated' | 'postgres';

/**
 * The real API (`api/src/server.ts`) in one Node process, as in production, on a throwaway database: the
 * embedded one, or `databaseUrl` (a throwaway schema, see ./postgres). The per-user throttle is lifted and
 * logging is at `warn`: the load here is the point, not abuse, and a log line per request is not what the
 * figures are about.
 */
export async function startApi(
  ports: Ports,
  {
    slot = 'shared',
    databaseUrl,
    dataDir: keptDataDir,
    copyOf,
  }: {
    slot?: ApiSlot;
    databaseUrl?: string;
    /** A data folder of the caller's, kept when the API stops (a fixture being built)… */
    dataDir?: string;
    /** …or a copy of one in a throwaway folder (a fixture used), instead of an empty throwaway folder. */
    copyOf?: string;
  } = {},
): Promise<ApiServer> {
  const dataDir = keptDataDir ?? (await mkdtemp(join(tmpdir(), 'chat-bench-')));
  const removeData = () => (keptDataDir ? Promise.resolve() : rm(dataDir, { recursive: true, force: true }));
  if (copyOf) await cp(copyOf, dataDir, { recursive: true });
  const [port, websocketPort] = {
    shared: [ports.api, ports.websocket],
    isolated: [ports.isolatedApi, ports.isolatedWebsocket],
    postgres: [ports.postgresApi, ports.postgresWebsocket],
  }[slot] as [number, number];
  const origin = `http://localhost:${port}`;
  const websocket = {
    host: 'localhost',
    port: websocketPort,
    key: 'chat-key',
    appId: 'chat-bench',
    secret: randomBytes(24).toString('hex'),
  };
  const frontEnds = deploymentOffsets.flatMap((offset) =>
    [...Object.values(ports.federated), ports.monolith].map((port) => `http://localhost:${port + offset}`),
  );
  let service: Service;
  try {
    // BENCH_API_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: profile the API under load.
    const nodeArgs = process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    // --expose-gc only lets POST testing/gc collect before a memory reading; it changes no collection.
    const args = ['--expose-gc', ...nodeArgs, '--import', 'tsx', 'src/server.ts'];
    service = await startService('api', process.execPath, args, {
      cwd: join(repoRoot, 'api'),
      env: {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        APP_URL: origin,
        APP_KEY: randomBytes(32).toString('hex'),
        DATA_DIR: dataDir,
        ENABLE_TEST_ENDPOINTS: 'true',
        SEED_DEMO_USERS: 'false',
        FRONTEND_ORIGINS: frontEnds.join(','),
        API_THROTTLE_PER_MINUTE: '100000000',
        LOGIN_MAX_ATTEMPTS: '100000',
        // The fan-out's 2,000 clients all come from this machine's address.
        REVERB_SERVER_MAX_CONNECTIONS_PER_IP: '100000',
        REVERB_APP_ID: websocket.appId,
        REVERB_APP_KEY: websocket.key,
        REVERB_APP_SECRET: websocket.secret,
        REVERB_SERVER_PORT: String(websocket.port),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      readyUrl: `${origin}/up`,
      timeoutMs: 120_000,
    });
    // The websocket server starts listening just after the HTTP one.
    await startedWebsocket(websocket.port);
  } catch (error) {
    await removeData();
    throw error;
  }
  return {
    url: `${origin}/api/`,
    origin,
    websocket,
    pid: service.pid,
    async stop() {
      await service.stop();
      await removeData();
    },
  };
}

async function startedWebsocket(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(`http://localhost:${port}/`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`The websocket server on :${port} did not start`);
}

/** `GET /api/testing/delivery-stats` (docs/api.md). */
export interface DeliveryStats {
  deliveries: number;
  statements: number;
  statements_by_route: Record<string, number>;
}

export interface Session {
  username: string;
  token: string;
  userId: number;
}

/** The REST calls the benchmarks set up with, straight to the API as a server-side client would. */
export class ApiClient {
  constructor(readonly api: ApiServer) {}

  async #call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const response = await fetch(new URL(path, this.api.url), {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  /** A new user (ENABLE_TEST_ENDPOINTS), signed in. */
  async newSession(prefix = 'bench'): Promise<Session> {
    const credentials = { username: `${prefix}-${randomUUID().slice(0, 8)}`, password: 'password' };
    await this.#call('POST', 'testing/users', undefined, credentials);
    const { token, user } = await this.#call<LoginResponse>('POST', 'auth/login', undefined, credentials);
    return { username: user.username, token, userId: user.id };
  }

  createRoom(session: Session, name: string, maxMembers = 1000): Promise<Room> {
    return this.#call('POST', 'chatrooms', session.token, {
      name,
      description: 'Created by the benchmarks',
      max_members: maxMembers,
    });
  }

  async join(session: Session, roomId: number): Promise<void> {
    await this.#call('POST', `chatrooms/${roomId}/join`, session.token, { roomId });
  }

  /**
   * `count` messages `{prefix} {from}`… from a member, each followed by the vocabulary's words whose `every`
   * divides its number, in one statement (ENABLE_TEST_ENDPOINTS, docs/api.md).
   */
  seedMessages(
    session: Session,
    roomId: number,
    count: number,
    prefix = 'history',
    options: { from?: number; words?: { word: string; every: number }[] } = {},
  ): Promise<{ count: number; first_id: number; last_id: number }> {
    return this.#call('POST', `testing/rooms/${roomId}/messages`, undefined, {
      count,
      user_id: session.userId,
      prefix,
      ...options,
    });
  }

  /** Signs an existing user in (a fixture's, made by an earlier run). */
  async signIn(username: string, password = 'password'): Promise<Session> {
    const { token, user } = await this.#call<LoginResponse>('POST', 'auth/login', undefined, {
      username,
      password,
    });
    return { username: user.username, token, userId: user.id };
  }

  send(session: Session, roomId: number, content: string): Promise<Message> {
    return this.#call('POST', `chatrooms/${roomId}/messages`, session.token, { content });
  }

  /** Adds (PUT) or takes back (DELETE) this user's reaction; the API answers the message's reactions. */
  react(session: Session, roomId: number, messageId: number, emoji: string, add: boolean): Promise<unknown> {
    const path = `chatrooms/${roomId}/messages/${messageId}/reactions/${encodeURIComponent(emoji)}`;
    return this.#call(add ? 'PUT' : 'DELETE', path, session.token);
  }

  /** The API's own count of statements and websocket deliveries so far (ENABLE_TEST_ENDPOINTS). */
  /** A full garbage collection in the API's process (`POST testing/gc`), and its heap in use after it. */
  collectGarbage(): Promise<{ collected: boolean; heap_used: number }> {
    return this.#call('POST', 'testing/gc');
  }

  deliveryStats(): Promise<DeliveryStats> {
    return this.#call('GET', 'testing/delivery-stats');
  }

  /** Moves this member's read position in the room to `messageId`, as reading it on another device would. */
  markRead(session: Session, roomId: number, messageId: number): Promise<void> {
    return this.#call('POST', `chatrooms/${roomId}/read`, session.token, { message_id: messageId });
  }

  newestMessages(session: Session, roomId: number): Promise<Message[]> {
    return this.#call('GET', `chatrooms/${roomId}/messages`, session.token);
  }

  messagesAfter(session: Session, roomId: number, afterId: number): Promise<Message[]> {
    return this.#call('GET', `chatrooms/${roomId}/messages?after_id=${afterId}`, session.token);
  }
}
