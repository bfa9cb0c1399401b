import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@rstest/core';
import { claimPGlite, PGliteBusyError, readPGliteOwner } from './pglite-lock';

describe('the embedded database lock', () => {
  const root = mkdtempSync(join(tmpdir(), 'chat-pglite-lock-test-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is held by one process; another running process holding it is named in the refusal', async () => {
    const dataDir = join(root, 'busy', 'pglite');
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const lock = claimPGlite(dataDir);
      // Pretend the other process took it, with a backup address, as a serving API does.
      lock.release();
      const backup = { url: 'http://127.0.0.1:1/internal/backup', token: 't' };
      writeFileSync(`${dataDir}.lock`, JSON.stringify({ pid: other.pid, backup }));
      expect(readPGliteOwner(dataDir)).toEqual({ pid: other.pid, backup });
      expect(() => claimPGlite(dataDir)).toThrow(PGliteBusyError);
      expect(() => claimPGlite(dataDir)).toThrow(`is open in process ${other.pid} (the API)`);
    } finally {
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // Its process is gone: the lock is stale and taken over.
    expect(readPGliteOwner(dataDir)).toBeNull();
    const lock = claimPGlite(dataDir);
    expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8'))).toEqual({ pid: process.pid });
    lock.release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('advertises the backup address to readers of the data folder only', () => {
    const dataDir = join(root, 'advertised', 'pglite');
    const lock = claimPGlite(dataDir);
    lock.advertise({ url: 'http://127.0.0.1:8000/internal/backup', token: 'secret' });
    const file = `${dataDir}.lock`;
    expect(JSON.parse(readFileSync(file, 'utf8')).backup.token).toBe('secret');
    expect(statSync(file).mode & 0o077).toBe(0);
    lock.release();
    expect(existsSync(file)).toBe(false);
  });
});
