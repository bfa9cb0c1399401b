import type { User } from '@chat/shared/schemas';
import { formatToken, hashTokenSecret, newTokenSecret, tokenMatches } from '../auth/access-tokens';
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

export async function findUserByAccessToken(
  db: Db,
  token: { id: number; secret: string },
): Promise<User | undefined> {
  const row = await db
    .selectFrom('personal_access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.username', 'u.image', 't.token_hash'])
    .where('t.id', '=', token.id)
    .executeTakeFirst();
  if (!row || !tokenMatches(row.token_hash, token.secret)) return undefined;
  return { id: row.id, username: row.username, image: row.image };
}
