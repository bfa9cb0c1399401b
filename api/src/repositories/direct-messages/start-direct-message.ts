import { DIRECT_MESSAGE_OTHERS_MAX, type Room } from '@chat/shared/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { findRoom } from '../rooms';
import { byUsername } from './direct-room-name';

export type StartOutcome =
  | { status: 'created' | 'existing'; room: Room }
  /** `username`: the first name given (as given) that is nobody's. */
  | { status: 'unknown'; username: string }
  | { status: 'no_others' | 'too_many' };

/**
 * The conversation between the caller and the people named (by username, case-insensitive; the caller's own
 * name and repeats count once). The same people always make the same conversation: its `direct_key` is their
 * sorted ids, and the unique index on it makes a concurrent start of the same one insert nothing and read the
 * winner's instead, in one transaction with its members. The others' memberships start hidden: the
 * conversation reaches their 'Your rooms' with its first message (sending un-hides). Starting an existing one
 * un-hides it for the caller, who closed it or never saw it before.
 */
export async function startDirectMessage(
  db: Db,
  input: { creatorId: number; usernames: readonly string[] },
): Promise<StartOutcome> {
  const { creatorId } = input;
  const wanted = [...new Set(input.usernames.map((name) => name.toLowerCase()))];
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where(sql<string>`lower(username)`, 'in', wanted)
    .execute();
  const found = new Set(users.map((user) => user.username.toLowerCase()));
  const unknown = input.usernames.find((name) => !found.has(name.toLowerCase()));
  if (unknown !== undefined) return { status: 'unknown', username: unknown };
  const others = users.filter((user) => user.id !== creatorId);
  if (others.length === 0) return { status: 'no_others' };
  if (others.length > DIRECT_MESSAGE_OTHERS_MAX) return { status: 'too_many' };

  const ids = [creatorId, ...others.map((user) => user.id)].sort((a, b) => a - b);
  const creator = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', '=', creatorId)
    .executeTakeFirstOrThrow();
  const { roomId, created } = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('rooms')
      .values({
        // What the table shows (backups, psql); the API names it for each member (repositories/rooms toRoom).
        name: [creator, ...others]
          .sort(byUsername)
          .map((user) => user.username)
          .join(', '),
        description: '',
        max_members: ids.length,
        created_by: creatorId,
        kind: 'direct',
        direct_key: ids.join(','),
      })
      .onConflict((conflict) => conflict.column('direct_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      await trx
        .insertInto('room_members')
        .values(ids.map((id) => ({ room_id: inserted.id, user_id: id, hidden: id !== creatorId })))
        .execute();
      return { roomId: inserted.id, created: true };
    }
    const existing = await trx
      .selectFrom('rooms')
      .select('id')
      .where('direct_key', '=', ids.join(','))
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('room_members')
      .set({ hidden: false })
      .where('room_id', '=', existing.id)
      .where('user_id', '=', creatorId)
      .where('hidden', '=', true)
      .execute();
    return { roomId: existing.id, created: false };
  });
  return { status: created ? 'created' : 'existing', room: (await findRoom(db, roomId, creatorId)) as Room };
}
