import { createReadStream, createWriteStream, existsSync, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileAttachmentStore } from '../attachments/file-attachment-store';
import type { Config } from '../config';
import { createDatabase, fromPGlite } from '../db/create-database';
import { hasEmbeddedDatabase } from '../db/embedded-database';
import { openPGlite } from '../db/open-pglite';
import { claimPGlite } from '../db/pglite-lock';
import type { Db } from '../db/schema';
import { type BackupManifest, unpackBackup } from './backup-archive';
import { countDataRows } from './data-rows';
import { pgRestore } from './postgres-tools';

/** The target holds users or messages and `--replace` was not given: nothing was changed. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

const KIND_NAMES: Record<BackupManifest['database'], string> = {
  pglite: 'the embedded database (DATABASE_URL unset)',
  postgres: 'PostgreSQL (DATABASE_URL set)',
};

/**
 * `pnpm db:restore FILE [--replace]`: puts a `db:backup` file back where the API's variables point, into the
 * same kind of database it came from. Nothing is changed until the whole file has been read and checked:
 * the database is loaded beside the current one (PGlite: a data folder in DATA_DIR; PostgreSQL: pg_restore in
 * one transaction) and the image files into a folder beside DATA_DIR/attachments; only then are they swapped
 * in. A target that already holds users or messages is refused before anything is read unless `replace`.
 * The API must be stopped: it would go on with the data it had (the embedded database's lock enforces it).
 */
export async function restoreBackup(
  config: Config,
  file: string,
  options: { replace: boolean },
): Promise<{ database: BackupManifest['database']; attachments: number }> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new Error(`${file} is not a file.`);
  const { database } = config;
  const dataDir = join(config.storageDir, '..');
  const lock = database.kind === 'pglite' ? claimPGlite(database.dataDir) : null;
  let staging: string | undefined;
  try {
    await mkdir(dataDir, { recursive: true });
    // In DATA_DIR, so that moving its pieces into place is a rename on the same file system.
    staging = await mkdtemp(join(dataDir, '.restore-'));
    const dump = join(staging, 'database');
    const images = new FileAttachmentStore(join(staging, 'attachments'), config.attachmentMaxPixels);
    const { attachments } = await unpackBackup(createReadStream(file), {
      async manifest(manifest) {
        if (manifest.database !== database.kind)
          throw new RestoreRefusedError(
            `This backup is of ${KIND_NAMES[manifest.database]}, but the API's variables name ${KIND_NAMES[database.kind]}.`,
          );
        await refuseIfHoldingData(config, options.replace);
      },
      database: (content) => pipeline(content, createWriteStream(dump, { mode: 0o600 })),
      async attachment(name, content: Readable) {
        await images.put(name, content);
      },
    });

    if (database.kind === 'pglite') {
      const loaded = join(staging, 'pglite');
      const pglite = await openPGlite({ dataDir: loaded, loadDataDir: await openAsBlob(dump) });
      await pglite.close();
      await swapIn(loaded, database.dataDir, join(staging, 'replaced-pglite'));
    } else {
      await pgRestore(database.url, dump);
    }
    await swapIn(images.dir, config.storageDir, join(staging, 'replaced-attachments'));
    return { database: database.kind, attachments };
  } finally {
    lock?.release();
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}

async function refuseIfHoldingData(config: Config, replace: boolean): Promise<void> {
  const { database } = config;
  if (database.kind === 'pglite' && !hasEmbeddedDatabase(database.dataDir)) return;
  // This process holds the embedded database's lock already (taken before the backup was opened).
  const db: Db =
    database.kind === 'pglite'
      ? fromPGlite(await openPGlite({ dataDir: database.dataDir }))
      : (await createDatabase(database)).db;
  let rows: { users: number; messages: number };
  try {
    rows = await countDataRows(db);
  } finally {
    await db.destroy();
  }
  if (replace || rows.users + rows.messages === 0) return;
  const where = database.kind === 'pglite' ? database.dataDir : 'the database DATABASE_URL names';
  throw new RestoreRefusedError(
    `Nothing was restored: ${where} already holds data (${rows.users} users, ${rows.messages} messages). ` +
      'Run again with --replace to replace it with the backup (its current data and images are deleted).',
  );
}

/** `staged` takes `target`'s place; what was there is moved into `aside` (deleted with the staging folder). */
async function swapIn(staged: string, target: string, aside: string): Promise<void> {
  const replacing = existsSync(target);
  if (replacing) await rename(target, aside);
  try {
    if (existsSync(staged)) await rename(staged, target);
  } catch (error) {
    if (replacing) await rename(aside, target);
    throw error;
  }
}
