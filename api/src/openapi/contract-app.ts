import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app';
import { API_ROOT, loadConfig } from '../config';
import { fromPGlite } from '../db/create-database';
import { openPGlite } from '../db/open-pglite';
import type { Db } from '../db/schema';
import { RecordingPublisher } from '../realtime/publisher';
import { openApiJson } from './openapi-json';

/** Where `pnpm --filter @chat/api openapi` writes the document, and what CI compares with what the code says. */
export const OPENAPI_FILE = join(API_ROOT, '..', 'docs', 'openapi.json');
export const OPENAPI_COMMAND = 'pnpm --filter @chat/api openapi';

/**
 * The document of the API as deployed, whatever the machine that generates it: a fixed configuration (not the
 * developer's environment or api/.env), so no test-only route and no address. `db` is a migrated database to
 * use; without one, a throwaway in-memory PGlite (the routes need one to start, never query it).
 */
export async function contractDocument(db?: Db): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-api-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_KEY: 'openapi-document-key-openapi-document-key',
    REVERB_APP_SECRET: 'openapi-document-secret',
    DATA_DIR: dataDir,
    SEED_DEMO_USERS: 'false',
    ENABLE_TEST_ENDPOINTS: 'false',
  });
  const app = await buildApp(config, {
    db: db ?? fromPGlite(await openPGlite()),
    publisher: new RecordingPublisher(),
    logger: false,
  });
  try {
    await app.ready();
    return openApiJson(app);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
