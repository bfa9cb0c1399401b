import { parseArgs } from 'node:util';
import type { User } from '@chat/shared/schemas';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/schema';
import { insertUser, setAdmin } from '../repositories/users';

export const USAGE = `Usage: pnpm --filter @chat/api user:create --username <name> [--password <password>] [--admin]
Without --password the password is read from stdin (or the USER_PASSWORD variable).
--admin makes the account a site administrator (it may do in any room what the room's owner may).
With the embedded database, stop the API first: PGlite's data folder admits one process at a time.`;

/** Null when the arguments do not name a usable username. */
export function parseCreateUserArgs(
  argv: string[],
): { username: string; password: string | undefined; admin?: true } | null {
  const { values } = parseArgs({
    args: argv,
    options: { username: { type: 'string' }, password: { type: 'string' }, admin: { type: 'boolean' } },
    strict: false,
  });
  const username = typeof values.username === 'string' ? values.username.trim() : '';
  if (!username || username.length > 64) return null;
  return {
    username,
    password: typeof values.password === 'string' ? values.password : undefined,
    ...(values.admin === true ? { admin: true as const } : {}),
  };
}

/** NIST SP 800-63B's floor for a password the user chooses. */
export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 256;

/** Why a new account's password is refused, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH) return null;
  return `The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long (this one has ${password.length}).`;
}

/**
 * A 1-64 character username (unique, any case) and a password of 8 to 256 characters. (The login form accepts
 * any non-empty password, since accounts made before this rule may have shorter ones.)
 */
export async function createAccount(
  db: Db,
  username: string,
  password: string,
  options: { admin?: boolean } = {},
): Promise<(User & { is_admin?: true }) | string> {
  const problem = passwordProblem(password);
  if (problem) return problem;
  const user = await insertUser(db, username, await hashPassword(password));
  if (!user) return `The username "${username}" is already taken.`;
  if (!options.admin) return user;
  await setAdmin(db, user.username, true);
  return { ...user, is_admin: true };
}
