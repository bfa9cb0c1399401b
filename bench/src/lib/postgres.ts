import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from './paths';

interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}

/** node-postgres, borrowed from the API's dependencies: the bench needs it only to make and drop a schema. */
export function pgClient(connectionString: string): PgClient {
  const pg = createRequire(join(repoRoot, 'api', 'package.json'))('pg') as {
    Client: new (config: { connectionString: string }) => PgClient;
  };
  return new pg.Client({ connectionString });
}

export interface ThrowawaySchema {
  /** The database URL with the schema as its search path: the API migrates and works in it alone. */
  url: string;
  drop(): Promise<void>;
}

/** A fresh schema in the database at `databaseUrl`, so a run starts empty and leaves nothing behind. */
export async function throwawaySchema(databaseUrl: string): Promise<ThrowawaySchema> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = pgClient(databaseUrl);
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.href,
    async drop() {
      try {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}
