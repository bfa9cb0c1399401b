import { USER_SEARCH_MAX, type User } from '@chat/shared/schemas';
import { sql } from 'kysely';
import type { Db } from '../db/schema';

const userColumns = ['id', 'username', 'image'] as const;

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

/** Case-insensitive, matching the unique index on lower(username). */
export async function findUserCredentials(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select([...userColumns, 'password_hash'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** Whether the user is a site administrator (false for no such user). */
export async function isAdmin(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('is_admin').where('id', '=', id).executeTakeFirst();
  return row?.is_admin === true;
}

/** Makes the user (by name, any case) an administrator or not; undefined when there is no such user. */
export async function setAdmin(db: Db, username: string, admin: boolean): Promise<User | undefined> {
  return db
    .updateTable('users')
    .set({ is_admin: admin })
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .returning(userColumns)
    .executeTakeFirst();
}

/** Returns undefined when the username is taken, instead of throwing on the unique index. */
export async function insertUser(db: Db, username: string, passwordHash: string): Promise<User | undefined> {
  return db
    .insertInto('users')
    .values({ username, password_hash: passwordHash })
    .onConflict((conflict) => conflict.doNothing())
    .returning(userColumns)
    .executeTakeFirst();
}

/**
 * Up to USER_SEARCH_MAX users whose name starts with `prefix`, case-insensitively, in the order people read
 * names. `%`, `_` and `\` in the prefix are escaped: they are characters a name may hold, not wildcards. The
 * order is by code point (`COLLATE "C"`), whatever the database's locale, as direct-room-name's `byUsername`.
 */
export async function searchUsers(db: Db, prefix: string): Promise<{ id: number; username: string }[]> {
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where(sql<boolean>`lower(username) LIKE ${pattern} ESCAPE '\\'`)
    .orderBy(sql`lower(username) COLLATE "C"`)
    .orderBy(sql`username COLLATE "C"`)
    .limit(USER_SEARCH_MAX)
    .execute();
}
