import { Readable } from 'node:stream';
import tar from 'tar-stream';
import { STORED_NAME, type StoredAttachment } from '../attachments/attachment-store';
import type { FileAttachmentStore } from '../attachments/file-attachment-store';
import { migrations } from '../db/migrations/index';

/**
 * One backup is one tar file: `manifest.json` first (what it holds, so a restore can refuse before it reads
 * on), then the database (`database/pglite.tar.gz`, PGlite's own dump of its data folder, or
 * `database/postgres.dump`, pg_dump's custom format, which holds the database store's images), then the
 * image files of `DATA_DIR/attachments` as `attachments/{name}`. Plain tar, so `tar tf` lists it.
 */
export interface BackupManifest {
  format: 'chat-backup';
  version: 1;
  created_at: string;
  database: 'pglite' | 'postgres';
  /** The newest migration in the dump: code that does not know it cannot run the restored database. */
  migration: string;
}

const MANIFEST = 'manifest.json';
const databaseEntry = (kind: BackupManifest['database']) =>
  kind === 'pglite' ? 'database/pglite.tar.gz' : 'database/postgres.dump';
const ATTACHMENT_PREFIX = 'attachments/';
const knownMigrations = Object.keys(migrations);

/** A backup file that is not one, is damaged, or is for something else: said to the operator as it is. */
export class BackupFormatError extends Error {
  override name = 'BackupFormatError';
}

export interface BackupContents {
  database: BackupManifest['database'];
  /** Taken first. */
  dump(): Promise<StoredAttachment>;
  /** Copied after the dump, deletions held back meanwhile (see `withRemovalsPaused`). */
  files: FileAttachmentStore;
}

/** The backup as a stream: nothing is held whole in memory but the one entry being written. */
export function packBackup(contents: BackupContents): Readable {
  const pack = tar.pack();
  const entry = (name: string, size: number, source: Readable) =>
    new Promise<void>((resolve, reject) => {
      const sink = pack.entry({ name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve()));
      source.on('error', (error) => sink.destroy(error));
      source.pipe(sink);
    });
  const manifest: BackupManifest = {
    format: 'chat-backup',
    version: 1,
    created_at: new Date().toISOString(),
    database: contents.database,
    migration: knownMigrations.at(-1) as string,
  };
  const write = () =>
    contents.files.withRemovalsPaused(async () => {
      const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      await entry(MANIFEST, json.length, Readable.from([json]));
      const dump = await contents.dump();
      await entry(databaseEntry(contents.database), dump.size, dump.stream);
      for await (const name of contents.files.names()) {
        const file = await contents.files.open(name);
        if (file) await entry(`${ATTACHMENT_PREFIX}${name}`, file.size, file.stream);
      }
      pack.finalize();
    });
  write().catch((error: unknown) => pack.destroy(error as Error));
  // A Node stream (tar-stream's are streamx), for Fastify and stream.pipeline alike.
  return Readable.from(pack);
}

export interface BackupVisitor {
  /** May throw to stop before anything else is read (a wrong kind, a database that is not empty). */
  manifest(manifest: BackupManifest): Promise<void>;
  database(content: Readable): Promise<void>;
  attachment(name: string, content: Readable): Promise<void>;
}

/** Reads a backup entry by entry, checking each before handing it on; any damage is a `BackupFormatError`. */
export async function unpackBackup(input: Readable, visit: BackupVisitor): Promise<{ attachments: number }> {
  const extract = tar.extract();
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract);
  let manifest: BackupManifest | null = null;
  let sawDatabase = false;
  let attachments = 0;
  try {
    for await (const entry of extract) {
      const { name, size = 0, type } = entry.header;
      const content = Readable.from(entry);
      if (!manifest) {
        if (name !== MANIFEST || type !== 'file' || size > 64 * 1024) throw notABackup();
        manifest = parseManifest(Buffer.concat(await content.toArray()));
        await visit.manifest(manifest);
      } else if (name === databaseEntry(manifest.database) && !sawDatabase) {
        sawDatabase = true;
        await visit.database(content);
      } else if (
        sawDatabase &&
        name.startsWith(ATTACHMENT_PREFIX) &&
        STORED_NAME.test(name.slice(ATTACHMENT_PREFIX.length))
      ) {
        attachments++;
        await visit.attachment(name.slice(ATTACHMENT_PREFIX.length), content);
      } else {
        throw new BackupFormatError(`The backup holds an entry it should not: ${name}.`);
      }
      // Whatever a visitor left unread, so the next entry can come.
      content.resume();
    }
  } catch (error) {
    extract.destroy();
    input.destroy();
    if (error instanceof BackupFormatError || !(error instanceof Error) || !isTarDamage(error)) throw error;
    // Not even a manifest could be read: not a tar, or not ours.
    if (!manifest) throw notABackup();
    throw new BackupFormatError(`The backup is damaged or cut short (${error.message}).`);
  }
  if (!manifest) throw notABackup();
  if (!sawDatabase) throw new BackupFormatError('The backup is cut short: it holds no database.');
  return { attachments };
}

const notABackup = () =>
  new BackupFormatError('This is not a backup made by db:backup (no manifest.json first).');

/** tar-stream's words for a file that is not a tar, or one cut short. */
function isTarDamage(error: Error): boolean {
  return /unexpected end of data|invalid tar header/i.test(error.message);
}

function parseManifest(bytes: Buffer): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw notABackup();
  }
  if (
    manifest.format !== 'chat-backup' ||
    (manifest.database !== 'pglite' && manifest.database !== 'postgres')
  )
    throw notABackup();
  if (manifest.version !== 1)
    throw new BackupFormatError(
      `This backup has format version ${manifest.version}; this API reads version 1.`,
    );
  if (!manifest.migration || !knownMigrations.includes(manifest.migration))
    throw new BackupFormatError(
      `This backup was made by a newer API (its database has migration ${manifest.migration}); restore it with that version.`,
    );
  return manifest as BackupManifest;
}
