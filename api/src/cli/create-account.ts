import { parseArgs } from 'node:util';
import type { User } from '@chat/shared/schemas';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/create-database';
import { insertUser } from '../repositories/users';

export const USAGE = `Usage: pnpm --filter @chat/api user:create --username <name> [--password <password>]
Without --password the password is read from stdin (or the USER_PASSWORD variable).
With the embedded database, stop the API first: PGlite's data folder admits one process at a time.`;

/** Null when the arguments do not name a usable username. */
export function parseCreateUserArgs(
  argv: string[],
): { username: string; password: string | undefined } | null {
  const { values } = parseArgs({
    args: argv,
    options: { username: { type: 'string' }, password: { type: 'string' } },
    strict: false,
  });
  const username = typeof values.username === 'string' ? values.username.trim() : '';
  if (!username || username.length > 64) return null;
  return { username, password: typeof values.password === 'string' ? values.password : undefined };
}

/** The same rules as the login form: 1-64 character username (unique, any case), 1-256 character password. */
export async function createAccount(db: Db, username: string, password: string): Promise<User | string> {
  if (!password || password.length > 256) return 'A password of 1 to 256 characters is required.';
  const user = await insertUser(db, username, await hashPassword(password));
  return user ?? `The username "${username}" is already taken.`;
}
