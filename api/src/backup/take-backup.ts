import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { FileAttachmentStore } from '../attachments/file-attachment-store';
import type { Config } from '../config';
import { type EmbeddedDatabase, hasEmbeddedDatabase, openEmbeddedDatabase } from '../db/embedded-database';
import { PGliteBusyError, type PGliteOwner, readPGliteOwner } from '../db/pglite-lock';
import { packBackup } from './backup-archive';
import { pgDump } from './postgres-tools';

/** The header a running API's backup action (plugins/backup) wants its token in. */
export const BACKUP_TOKEN_HEADER = 'x-backup-token';

/** A backup of the embedded database held by this process, with the image files of `files`. */
export function packEmbeddedBackup(embedded: EmbeddedDatabase, files: FileAttachmentStore): Readable {
  return packBackup({
    database: 'pglite',
    files,
    dump: async () => {
      const blob = await embedded.dumpDataDir();
      return { size: blob.size, stream: Readable.fromWeb(blob.stream() as WebReadableStream) };
    },
  });
}

/**
 * `pnpm db:backup FILE`: everything the API keeps (database, images) into one file, while the API runs.
 * Written beside FILE and renamed into place once complete, so a failed backup leaves any earlier FILE as it was.
 *
 * The embedded database can only be copied consistently by the process that has it open: PGlite lives in that
 * process's memory, its files are written as it goes, and a copy of the folder taken from outside would mix
 * moments (or, opened a second time, corrupt it). So while the API runs, this asks it for the backup (a
 * loopback address and token it left in the lock file, readable by whoever may read the data folder anyway);
 * when nothing runs, it opens the database itself, holding the same lock so the API cannot start meanwhile.
 * PostgreSQL is dumped by pg_dump, whose snapshot is consistent while the API writes on.
 */
export async function takeBackup(config: Config, file: string): Promise<{ via: Via }> {
  const partial = join(dirname(file), `.${randomBytes(6).toString('hex')}.backup-partial`);
  const output = () => createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  const files = new FileAttachmentStore(config.storageDir, config.attachmentMaxPixels);
  const { database } = config;
  try {
    let via: Via;
    if (database.kind === 'postgres') via = await backUpPostgres(database.url, files, output);
    else {
      const owner = readPGliteOwner(database.dataDir);
      if (owner?.backup) via = await backUpThroughApi(owner, output);
      else if (owner) throw new PGliteBusyError(database.dataDir, owner);
      else via = await backUpDataFolder(database.dataDir, files, output);
    }
    await rename(partial, file);
    return { via };
  } finally {
    await rm(partial, { force: true });
  }
}

type Via = 'the running API' | 'pg_dump' | 'the data folder';
type Output = () => Writable;

async function backUpPostgres(url: string, files: FileAttachmentStore, output: Output): Promise<Via> {
  const work = await mkdtemp(join(tmpdir(), 'chat-backup-'));
  try {
    const dump = join(work, 'postgres.dump');
    const backup = packBackup({
      database: 'postgres',
      files,
      dump: async () => {
        await pgDump(url, dump);
        return { size: (await stat(dump)).size, stream: createReadStream(dump) };
      },
    });
    await pipeline(backup, output());
    return 'pg_dump';
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function backUpThroughApi(owner: PGliteOwner, output: Output): Promise<Via> {
  const { url, token } = owner.backup as NonNullable<PGliteOwner['backup']>;
  const response = await fetch(url, { headers: { [BACKUP_TOKEN_HEADER]: token } }).catch((error: unknown) => {
    throw new Error(`The API (process ${owner.pid}) did not answer at ${url}.`, { cause: error });
  });
  if (!response.ok || !response.body)
    throw new Error(`The API (process ${owner.pid}) refused the backup: HTTP ${response.status}.`);
  // Cut short (the API stopped meanwhile), the body errors and so does this: no FILE is written.
  await pipeline(Readable.fromWeb(response.body as WebReadableStream), output());
  return 'the running API';
}

async function backUpDataFolder(dataDir: string, files: FileAttachmentStore, output: Output): Promise<Via> {
  if (!hasEmbeddedDatabase(dataDir))
    throw new Error(`There is no embedded database in ${dataDir}: is DATA_DIR right?`);
  const embedded = await openEmbeddedDatabase(dataDir);
  try {
    await pipeline(packEmbeddedBackup(embedded, files), output());
    return 'the data folder';
  } finally {
    await embedded.db.destroy();
  }
}
