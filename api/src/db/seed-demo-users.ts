import { hashPassword } from '../auth/passwords';
import { findUserCredentials, insertUser } from '../repositories/users';
import type { Db } from './schema';

/** The accounts the login form is pre-filled with. Public password: never seeded in production by default. */
export const DEMO_USERNAMES = ['demo', 'alice', 'bob'] as const;
export const DEMO_PASSWORD = 'password';

export async function seedDemoUsers(db: Db): Promise<void> {
  for (const username of DEMO_USERNAMES) {
    if (await findUserCredentials(db, username)) continue;
    await insertUser(db, username, await hashPassword(DEMO_PASSWORD));
  }
}
