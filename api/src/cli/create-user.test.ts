import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from '@rstest/core';
import { verifyPassword } from '../auth/passwords';
import { API_ROOT } from '../config';
import { findUserCredentials, isAdmin } from '../repositories/users';
import { migratedDatabase } from '../testing/migrated-database';
import { createAccount, parseCreateUserArgs } from './create-account';

describe('user:create', () => {
  const database = migratedDatabase();

  it('reads --username and --password', () => {
    expect(parseCreateUserArgs(['--username', ' ops ', '--password', 'pw'])).toEqual({
      username: 'ops',
      password: 'pw',
    });
    expect(parseCreateUserArgs(['--username', 'ops'])).toEqual({ username: 'ops', password: undefined });
    expect(parseCreateUserArgs([])).toBeNull();
  });

  it('creates a user with an argon2id hash, then refuses the same name in any case', async () => {
    const user = await createAccount(database.db, 'operator', 's3cret-enough');
    expect(user).toEqual({ id: expect.any(Number), username: 'operator', image: null });
    const stored = await findUserCredentials(database.db, 'operator');
    expect(stored?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored?.password_hash, 's3cret-enough')).toBe(true);
    expect(await createAccount(database.db, 'OPERATOR', 'long enough')).toBe(
      'The username "OPERATOR" is already taken.',
    );
  });

  it('makes the account a site administrator with --admin', async () => {
    expect(parseCreateUserArgs(['--username', 'boss', '--admin'])).toEqual({
      username: 'boss',
      password: undefined,
      admin: true,
    });
    expect(await createAccount(database.db, 'boss', 'long enough', { admin: true })).toMatchObject({
      username: 'boss',
      is_admin: true,
    });
    expect(await isAdmin(database.db, (await findUserCredentials(database.db, 'boss'))?.id ?? 0)).toBe(true);
    const plain = await createAccount(database.db, 'plain', 'long enough');
    expect(plain).not.toHaveProperty('is_admin');
    expect(await isAdmin(database.db, (await findUserCredentials(database.db, 'plain'))?.id ?? 0)).toBe(
      false,
    );
  });

  it('refuses a password shorter than 8 characters, or longer than 256, saying so', async () => {
    for (const password of ['', 'seven77', 'p'.repeat(257)]) {
      expect(await createAccount(database.db, 'someone', password)).toBe(
        `The password must be 8 to 256 characters long (this one has ${password.length}).`,
      );
    }
    expect(await findUserCredentials(database.db, 'someone')).toBeFalsy();
    expect(await createAccount(database.db, 'someone', 'eight888')).toMatchObject({ username: 'someone' });
  });

  it('stops with the reason and exit code 1 when run with a short password', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chat-cli-test-'));
    try {
      const run = promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/cli/create-user.ts', '--username', 'shorty', '--password', 'short'],
        { cwd: API_ROOT, env: { ...process.env, DATA_DIR: dataDir } },
      );
      await expect(run).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('The password must be 8 to 256 characters long (this one has 5).'),
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('runs as a command and explains its usage when called wrongly', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/create-user.ts'], {
      cwd: API_ROOT,
    });
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: pnpm') });
  });
});
