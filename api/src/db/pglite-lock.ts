import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Who holds an embedded database: a process id and, when it is a serving API, where it takes backups. */
export interface PGliteOwner {
  pid: number;
  /** Set by a listening API (plugins/backup): a loopback address and the token that asks it for a backup. */
  backup?: { url: string; token: string };
}

export class PGliteBusyError extends Error {
  override name = 'PGliteBusyError';
  constructor(
    readonly dataDir: string,
    readonly owner: PGliteOwner,
  ) {
    super(
      `The embedded database in ${dataDir} is open in process ${owner.pid}` +
        `${owner.backup ? ' (the API)' : ''}: PGlite admits one process at a time. Stop it first.`,
    );
  }
}

export interface PGliteLock {
  /** Publishes where this process takes backups (only the lock file's readers learn it). */
  advertise(backup: NonNullable<PGliteOwner['backup']>): void;
  release(): void;
}

/** Next to the data folder (`DATA_DIR/pglite.lock`), readable by its owner only: it may hold a backup token. */
const lockPath = (dataDir: string) => `${dataDir}.lock`;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): PGliteOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as PGliteOwner;
    return Number.isInteger(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

/** Written aside and moved into place, so a reader never meets half a lock file. */
function writeAside(path: string, owner: PGliteOwner): string {
  const aside = `${path}.${randomBytes(6).toString('hex')}`;
  writeFileSync(aside, `${JSON.stringify(owner)}\n`, { mode: 0o600 });
  return aside;
}

/** The process holding the embedded database in `dataDir`, if one still runs. */
export function readPGliteOwner(dataDir: string): PGliteOwner | null {
  const owner = readOwner(lockPath(dataDir));
  return owner && owner.pid !== process.pid && isRunning(owner.pid) ? owner : null;
}

/**
 * PGlite writes its data folder from the process that opened it and guards nothing: a second process opening
 * it (a second API, `user:create` or a backup while the API runs) would corrupt it. Whoever opens it takes this
 * lock first. Its file names the holder's pid; a file whose process is gone (a crash) is taken over, and so is
 * one naming this very pid, left by an earlier run that had the same pid (pid 1 in a container).
 */
export function claimPGlite(dataDir: string): PGliteLock {
  const path = lockPath(dataDir);
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    const aside = writeAside(path, { pid: process.pid });
    try {
      // link, unlike rename, fails if the lock exists: of two processes starting at once, one wins.
      linkSync(aside, path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(aside, { force: true });
    }
    const owner = readPGliteOwner(dataDir);
    if (owner) throw new PGliteBusyError(dataDir, owner);
    if (attempt > 0)
      throw new Error(`Cannot take the lock ${path}; delete it if no process uses ${dataDir}.`);
    rmSync(path, { force: true });
  }
  const ours = () => readOwner(path)?.pid === process.pid;
  return {
    advertise(backup) {
      renameSync(writeAside(path, { pid: process.pid, backup }), path);
    },
    release() {
      if (ours()) rmSync(path, { force: true });
    },
  };
}
