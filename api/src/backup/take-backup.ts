import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { FileAttachmentStore } from '../attachments/file-attachment-store';
import type { Config } from '../config';
import { type EmbeddedDatabase, hasEmbeddedDatabase, openEmbeddedDatabase } from '../db/embedded-database';
import { PGliteBusyError, readPGliteOwner } from '../db/pglite-lock';
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
export async function takeBackup(
  config: Config,
  file: string,
): Promise<{ via: 'the running API' | 'pg_dump' | 'the data folder' }> {
  const partial = join(dirname(file), `.${randomBytes(6).toString('hex')}.backup-partial`);
  const files = new FileAttachmentStore(config.storageDir, config.attachmentMaxPixels);
  try {
    let via: 'the running API' | 'pg_dump' | 'the data folder';
    const { database } = config;
    if (database.kind === 'postgres') {
      via = 'pg_dump';
      const work = await mkdtemp(join(tmpdir(), 'chat-backup-'));
      try {
        const dump = join(work, 'postgres.dump');
        const backup = packBackup({
          database: 'postgres',
          files,
          dump: async () => {
            await pgDump(database.url, dump);
            return { size: (await stat(dump)).size, stream: createReadStream(dump) };
          },
        });
        await pipeline(backup, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    } else {
      const owner = readPGliteOwner(database.dataDir);
      if (owner?.backup) {
        via = 'the running API';
        const response = await fetch(owner.backup.url, {
          headers: { [BACKUP_TOKEN_HEADER]: owner.backup.token },
        }).catch((error: unknown) => {
          throw new Error(`The API (process ${owner.pid}) did not answer at ${owner.backup?.url}`, {
            cause: error,
          });
        });
        if (!response.ok || !response.body)
          throw new Error(`The API (process ${owner.pid}) refused the backup: HTTP ${response.status}.`);
        await pipeline(
          Readable.fromWeb(response.body as WebReadableStream),
          createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
        );
      } else if (owner) {
        throw new PGliteBusyError(database.dataDir, owner);
      } else {
        via = 'the data folder';
        if (!hasEmbeddedDatabase(database.dataDir))
          throw new Error(`There is no embedded database in ${database.dataDir}: is DATA_DIR right?`);
        const embedded = await openEmbeddedDatabase(database.dataDir);
        try {
          await pipeline(
            packEmbeddedBackup(embedded, files),
            createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
          );
        } finally {
          await embedded.db.destroy();
        }
      }
    }
    await rename(partial, file);
    return { via };
  } finally {
    await rm(partial, { force: true });
  }
}
