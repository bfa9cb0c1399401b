import { sql } from 'kysely';
import type { Db } from '../db/schema';

/**
 * What an owner (or administrator) did: `room.update` (settings), `member.invite`, `member.remove`,
 * `owner.transfer`, `room.archive`, `room.unarchive`, `room.delete` (details: its name), and `message.delete`
 * (another's message; details: its id, the target is its author).
 */
export type AuditAction =
  | 'room.update'
  | 'member.invite'
  | 'member.remove'
  | 'owner.transfer'
  | 'room.archive'
  | 'room.unarchive'
  | 'room.delete'
  | 'message.delete';

export interface AuditEntry {
  actorId: number;
  action: AuditAction;
  roomId: number;
  targetUserId?: number | null;
  details?: Record<string, unknown> | null;
  /** The actor is a site administrator acting in a room they do not own (recorded as `details.as_admin`). */
  asAdmin?: boolean;
}

/** One row of `audit_log` as the operator's CLI prints it, with the names the ids stood for now. */
export interface AuditRecord {
  id: string;
  at: string;
  actor_id: number | null;
  actor: string | null;
  action: string;
  room_id: number | null;
  room: string | null;
  target_user_id: number | null;
  target: string | null;
  details: unknown;
}

/** Written in the transaction of the change it records, so a change never goes unrecorded. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      room_id: entry.roomId,
      target_user_id: entry.targetUserId ?? null,
      details:
        entry.details || entry.asAdmin
          ? JSON.stringify({ ...entry.details, ...(entry.asAdmin ? { as_admin: true } : {}) })
          : null,
    })
    .execute();
}

/** The newest `limit` records, of one room or all, newest first. */
export async function listAudit(db: Db, filter: { roomId?: number; limit: number }): Promise<AuditRecord[]> {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as actor', 'actor.id', 'a.actor_id')
    .leftJoin('users as target', 'target.id', 'a.target_user_id')
    .leftJoin('rooms as r', 'r.id', 'a.room_id')
    .select([
      sql<string>`a.id::text`.as('id'),
      sql<string>`to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('at'),
      'a.actor_id',
      'actor.username as actor',
      'a.action',
      'a.room_id',
      'r.name as room',
      'a.target_user_id',
      'target.username as target',
      'a.details',
    ])
    .$if(filter.roomId !== undefined, (query) => query.where('a.room_id', '=', filter.roomId as number))
    .orderBy('a.id', 'desc')
    .limit(filter.limit)
    .execute();
}
