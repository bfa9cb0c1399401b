import type { User } from '@chat/shared/schemas';
import { sql } from 'kysely';
import { formatToken, hashTokenSecret, newTokenSecret } from '../auth/access-tokens';
import { laravelTimestamp } from '../db/laravel-timestamp';
import type { Db } from '../db/schema';

export interface AccessTokenPolicy {
  /** A token unused this long is dead. */
  idleSeconds: number;
  /** A token this old is dead, however much it is used. */
  lifetimeSeconds: number;
}

const secondsFromNow = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;

/**
 * Issues `{id}|{secret}`; only the secret's SHA-256 is stored, so a database leak yields no usable token.
 * `expiresAt` is the token's absolute end (Laravel's format); left unused it dies sooner.
 */
export async function issueAccessToken(
  db: Db,
  userId: number,
  policy: AccessTokenPolicy,
): Promise<{ token: string; expiresAt: string }> {
  const secret = newTokenSecret();
  // One statement: the new token goes in and the user's dead ones go out, so the table holds about one row
  // per live session instead of one per login ever made.
  const row = await db
    .with('swept', (query) =>
      query
        .deleteFrom('personal_access_tokens')
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', sql<Date>`now()`),
            eb('last_used_at', '<=', secondsFromNow(-policy.idleSeconds)),
          ]),
        ),
    )
    .insertInto('personal_access_tokens')
    .values({
      user_id: userId,
      token_hash: hashTokenSecret(secret),
      expires_at: secondsFromNow(policy.lifetimeSeconds),
    })
    .returning(['id', laravelTimestamp('expires_at').as('expires_at')])
    .executeTakeFirstOrThrow();
  return { token: formatToken(row.id, secret), expiresAt: row.expires_at };
}

/**
 * A live token's stored hash, owner and times, for the caller to check the secret against. Expired and idle
 * tokens are not found, exactly like deleted ones.
 */
export async function findAccessToken(
  db: Db,
  id: number,
  idleSeconds: number,
): Promise<{ tokenHash: string; user: User; expiresAt: Date; lastUsedAt: Date } | undefined> {
  const row = await db
    .selectFrom('personal_access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.username', 'u.image', 't.token_hash', 't.expires_at', 't.last_used_at'])
    .where('t.id', '=', id)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .where('t.last_used_at', '>', secondsFromNow(-idleSeconds))
    .executeTakeFirst();
  return (
    row && {
      tokenHash: row.token_hash,
      user: { id: row.id, username: row.username, image: row.image },
      expiresAt: row.expires_at,
      lastUsedAt: row.last_used_at,
    }
  );
}

/** Slides the idle window: the token counts as used now. */
export async function touchAccessToken(db: Db, id: number): Promise<void> {
  await db
    .updateTable('personal_access_tokens')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Logout: the token is gone for good. */
export async function deleteAccessToken(db: Db, id: number): Promise<void> {
  await db.deleteFrom('personal_access_tokens').where('id', '=', id).execute();
}

/** Test endpoints only: the token's lifetime runs out now, as it would after AUTH_TOKEN_LIFETIME_MINUTES. */
export async function expireAccessToken(db: Db, id: number): Promise<boolean> {
  const result = await sql`
    UPDATE personal_access_tokens SET expires_at = now() - interval '1 second' WHERE id = ${id}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}
