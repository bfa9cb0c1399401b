import type { User } from '@chat/shared/schemas';
import { formatToken, hashTokenSecret, newTokenSecret } from '../auth/access-tokens';
import type { Db } from '../db/create-database';

/** Issues `{id}|{secret}`; only the secret's SHA-256 is stored, so a database leak yields no usable token. */
export async function issueAccessToken(db: Db, userId: number): Promise<string> {
  const secret = newTokenSecret();
  const { id } = await db
    .insertInto('personal_access_tokens')
    .values({ user_id: userId, token_hash: hashTokenSecret(secret) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return formatToken(id, secret);
}

/** A token's stored hash and owner, for the caller to check the secret against. */
export async function findAccessToken(
  db: Db,
  id: number,
): Promise<{ tokenHash: string; user: User } | undefined> {
  const row = await db
    .selectFrom('personal_access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.username', 'u.image', 't.token_hash'])
    .where('t.id', '=', id)
    .executeTakeFirst();
  return row && { tokenHash: row.token_hash, user: { id: row.id, username: row.username, image: row.image } };
}
