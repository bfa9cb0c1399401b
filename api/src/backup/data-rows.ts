import { sql } from 'kysely';
import type { Db } from '../db/schema';

/** What a restore would overwrite: the database's users and messages (none before the first migration). */
export async function countDataRows(db: Db): Promise<{ users: number; messages: number }> {
  const { rows } = await sql<{ users: boolean; messages: boolean }>`
    SELECT to_regclass('users') IS NOT NULL AS users, to_regclass('messages') IS NOT NULL AS messages`.execute(
    db,
  );
  const exists = rows[0];
  const count = async (table: 'users' | 'messages') =>
    exists?.[table]
      ? Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        )
      : 0;
  return { users: await count('users'), messages: await count('messages') };
}
