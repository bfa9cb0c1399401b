import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { verifyPassword } from '../auth/passwords';
import { API_ROOT } from '../config';
import { migrateToLatest } from '../db/migrate';
import { findUserCredentials } from '../repositories/users';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createAccount, parseCreateUserArgs } from './create-account';

describe('user:create', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.db.destroy();
    await database.dispose();
  });

  it('reads --username and --password', () => {
    expect(parseCreateUserArgs(['--username', ' ops ', '--password', 'pw'])).toEqual({
      username: 'ops',
      password: 'pw',
    });
    expect(parseCreateUserArgs(['--username', 'ops'])).toEqual({ username: 'ops', password: undefined });
    expect(parseCreateUserArgs([])).toBeNull();
  });

  it('creates a user with an argon2id hash, then refuses the same name in any case', async () => {
    const user = await createAccount(database.db, 'operator', 's3cret');
    expect(user).toEqual({ id: expect.any(Number), username: 'operator', image: null });
    const stored = await findUserCredentials(database.db, 'operator');
    expect(stored?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored?.password_hash, 's3cret')).toBe(true);
    expect(await createAccount(database.db, 'OPERATOR', 'x')).toBe(
      'The username "OPERATOR" is already taken.',
    );
    expect(await createAccount(database.db, 'someone', '')).toMatch(/password/);
  });

  it('runs as a command and explains its usage when called wrongly', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/create-user.ts'], {
      cwd: API_ROOT,
    });
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: pnpm') });
  });
});
