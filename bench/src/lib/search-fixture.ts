import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiClient, type ApiServer, startApi } from './api';
import type { BenchContext } from './context';
import { cacheDir, repoRoot } from './paths';
import { pgClient } from './postgres';

/**
 * The search benchmark's database: one large room among many, so that an index that does not start from the
 * room pays for every other room's matches. Message n of a room reads `history n`, then each vocabulary
 * word whose `every` divides n (docs/api.md, the test seeder): `tenth` is in 10 % of a room, `hundredth` in
 * 1 %, the phrase `tenth hundredth` in 1 %, `scarce` in 0.02 %, `history` in all of them.
 */
export const VOCABULARY = [
  { word: 'tenth', every: 10 },
  { word: 'hundredth', every: 100 },
  { word: 'scarce', every: 5000 },
];

export interface FixturePlan {
  rooms: number;
  bigRoom: number;
  otherRoom: number;
  /** Each room is seeded in this many batches, the rooms' batches taking turns, so rooms interleave on disk. */
  rounds: number;
}

/** 100,000 messages in one room of a 1,000,000-message database (100 rooms); in smoke, a few hundred. */
export const planFor = (smoke: boolean): FixturePlan =>
  smoke
    ? { rooms: 4, bigRoom: 300, otherRoom: 100, rounds: 2 }
    : { rooms: 100, bigRoom: 100_000, otherRoom: 9_091, rounds: 4 };

/** What a run needs from the fixture: its big room and the member who wrote it. */
export interface FixtureInfo {
  username: string;
  bigRoomId: number;
  bigRoomSize: number;
  bigRoomLastId: number;
  messages: number;
}

export interface FixtureApi {
  api: ApiServer;
  info: FixtureInfo;
  stop(): Promise<void>;
}

/** A plan, the migrations and the seeder's vocabulary make a fixture: any change builds it again. */
function fixtureKey(plan: FixturePlan): string {
  const digest = createHash('sha256').update(JSON.stringify({ plan, VOCABULARY }));
  const migrations = join(repoRoot, 'api/src/db/migrations');
  for (const file of readdirSync(migrations).sort()) digest.update(readFileSync(join(migrations, file)));
  return digest.digest('hex').slice(0, 12);
}

async function seed(context: BenchContext, api: ApiServer, plan: FixturePlan): Promise<FixtureInfo> {
  const client = new ApiClient(api);
  const owner = await client.newSession('searcher');
  const sizes = [plan.bigRoom, ...Array.from({ length: plan.rooms - 1 }, () => plan.otherRoom)];
  const rooms = [];
  for (const [i, size] of sizes.entries())
    rooms.push(await client.createRoom(owner, i === 0 ? `${size} messages, searched` : `Other room ${i}`));
  let bigRoomLastId = 0;
  for (let round = 0; round < plan.rounds; round++) {
    context.log(`search fixture: round ${round + 1} of ${plan.rounds}`);
    for (const [i, size] of sizes.entries()) {
      const from = 1 + Math.floor((size * round) / plan.rounds);
      const to = Math.floor((size * (round + 1)) / plan.rounds);
      const seeded = await client.seedMessages(
        owner,
        (rooms[i] as { id: number }).id,
        to - from + 1,
        'history',
        {
          from,
          words: VOCABULARY,
        },
      );
      if (i === 0) bigRoomLastId = seeded.last_id;
    }
  }
  return {
    username: owner.username,
    bigRoomId: (rooms[0] as { id: number }).id,
    bigRoomSize: plan.bigRoom,
    bigRoomLastId,
    messages: sizes.reduce((sum, size) => sum + size, 0),
  };
}

const fixturesDir = join(cacheDir, 'search-fixture');
const modeOf = (context: BenchContext) => (context.smoke ? 'smoke' : 'full');

/**
 * The embedded database's fixture: a data folder built once (through the API's test seeder) and kept under
 * the bench's cache (node_modules/.cache, out of git); each run serves a copy of it, so the copy's sends
 * never reach the next run.
 */
export async function embeddedFixtureApi(context: BenchContext): Promise<FixtureApi> {
  const plan = planFor(context.smoke);
  const name = `embedded-${modeOf(context)}-`;
  const dir = join(fixturesDir, `${name}${fixtureKey(plan)}`);
  const infoPath = join(dir, 'fixture.json');
  if (!existsSync(infoPath)) {
    context.log(`search fixture (embedded): building ${dir}, once`);
    // An earlier plan's or schema's fixture of this mode is of no more use: a gigabyte each.
    for (const old of existsSync(fixturesDir) ? readdirSync(fixturesDir) : [])
      if (old.startsWith(name)) await rm(join(fixturesDir, old), { recursive: true, force: true });
    const building = `${dir}.building`;
    await mkdir(building, { recursive: true });
    const api = await startApi(context.ports, { slot: 'isolated', dataDir: join(building, 'data') });
    let info: FixtureInfo;
    try {
      info = await seed(context, api, plan);
    } finally {
      await api.stop();
    }
    await writeFile(join(building, 'fixture.json'), JSON.stringify(info));
    await rm(dir, { recursive: true, force: true });
    await rename(building, dir);
  }
  const info = JSON.parse(await readFile(infoPath, 'utf8')) as FixtureInfo;
  context.log('search fixture (embedded): starting the API on a copy');
  const api = await startApi(context.ports, { slot: 'isolated', copyOf: join(dir, 'data') });
  return { api, info, stop: () => api.stop() };
}

/**
 * PostgreSQL's fixture: a database next to BENCH_DATABASE_URL's, built once and kept; each run works in a
 * database copied from it (`CREATE DATABASE … TEMPLATE`, a file copy) and dropped at the end. Null without
 * BENCH_DATABASE_URL.
 */
export async function postgresFixtureApi(context: BenchContext): Promise<FixtureApi | null> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return null;
  const plan = planFor(context.smoke);
  const base = new URL(url);
  const databaseUrl = (name: string) => {
    const own = new URL(url);
    own.pathname = `/${name}`;
    return own.href;
  };
  const name = `${base.pathname.slice(1)}_search_${modeOf(context)}_`.toLowerCase();
  const fixture = `${name}${fixtureKey(plan)}`;
  const infoPath = join(fixturesDir, `${fixture}.json`);
  const admin = pgClient(url);
  await admin.connect();
  try {
    const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = '${fixture}'`)) as {
      rowCount: number;
    };
    if (exists.rowCount === 0 || !existsSync(infoPath)) {
      context.log(`search fixture (PostgreSQL): building database ${fixture}, once`);
      const building = `${fixture}_building`;
      // Earlier plans' or schemas' fixtures of this mode, and runs that did not end: a gigabyte each.
      const { rows } = (await admin.query(
        `SELECT datname FROM pg_database WHERE starts_with(datname, '${name}')`,
      )) as { rows: { datname: string }[] };
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname}`);
      await admin.query(`CREATE DATABASE ${building}`);
      const api = await startApi(context.ports, { slot: 'isolated', databaseUrl: databaseUrl(building) });
      let info: FixtureInfo;
      try {
        info = await seed(context, api, plan);
      } finally {
        await api.stop();
      }
      // As autovacuum would soon leave it: otherwise each run's copy starts by vacuuming a gigabyte of
      // freshly inserted rows, in the middle of the measurements.
      const vacuum = pgClient(databaseUrl(building));
      await vacuum.connect();
      try {
        await vacuum.query('VACUUM ANALYZE');
      } finally {
        await vacuum.end();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${fixture}`);
      await mkdir(fixturesDir, { recursive: true });
      await writeFile(infoPath, JSON.stringify(info));
    }
    const run = `${fixture}_run_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${run} TEMPLATE ${fixture}`);
    const info = JSON.parse(await readFile(infoPath, 'utf8')) as FixtureInfo;
    context.log('search fixture (PostgreSQL): starting the API on a copy');
    let api: ApiServer;
    try {
      api = await startApi(context.ports, { slot: 'isolated', databaseUrl: databaseUrl(run) });
    } catch (error) {
      await admin.query(`DROP DATABASE ${run}`);
      throw error;
    }
    const owned = admin;
    return {
      api,
      info,
      async stop() {
        try {
          await api.stop();
          await owned.query(`DROP DATABASE ${run}`);
        } finally {
          await owned.end();
        }
      },
    };
  } catch (error) {
    await admin.end();
    throw error;
  }
}
