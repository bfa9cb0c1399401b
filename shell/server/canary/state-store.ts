import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import type { CanaryState } from './canary-state';

type Env = Record<string, string | undefined>;

/** Where the canary's state outlives the process: a file in the data folder, or Redis when several share it. */
export interface StateStore {
  /** The saved state, or null when none was ever saved. */
  load(): Promise<CanaryState | null>;
  save(state: CanaryState): Promise<void>;
  close(): Promise<void>;
  /** Where, for the start-up line and the status. */
  where: string;
}

export const STATE_FILE = 'canary-state.json';
export const REDIS_STATE_KEY = 'shell:canary:state';

/** Written beside and renamed over: a crash mid-write leaves the previous state, never half of one. */
export function fileStateStore(directory: string): StateStore {
  const file = join(directory, STATE_FILE);
  return {
    where: file,
    async load() {
      try {
        return JSON.parse(await readFile(file, 'utf8')) as CanaryState;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async save(state) {
      await mkdir(dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      // It holds the cookie's secret: readable by this user only.
      await writeFile(temporary, JSON.stringify(state, null, 2), { mode: 0o600 });
      await rename(temporary, file);
    },
    close: async () => {},
  };
}

export function redisStateStore(url: string): StateStore {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  return {
    where: `${new URL(url).host} key ${REDIS_STATE_KEY}`,
    async load() {
      const text = await redis.get(REDIS_STATE_KEY);
      return text === null ? null : (JSON.parse(text) as CanaryState);
    },
    async save(state) {
      await redis.set(REDIS_STATE_KEY, JSON.stringify(state));
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** REDIS_URL when set, else SHELL_DATA_DIR (default `<repo>/.data/shell`). */
export function stateStoreFromEnv(env: Env, defaultDirectory: string): StateStore {
  return env.REDIS_URL
    ? redisStateStore(env.REDIS_URL)
    : fileStateStore(env.SHELL_DATA_DIR ?? defaultDirectory);
}
