import type { UpdateRoomPayload } from '@chat/shared/schemas';
import type { Db } from '../../db/schema';
import { recordAudit } from '../audit-log';
import { countMembers, lockOwnedRoom, type OwnerRefused } from './owned-room';

export type SettingsOutcome =
  | { status: 'updated' }
  | { status: OwnerRefused | 'archived' }
  /** `max_members` below the people in the room now (`members`). */
  | { status: 'below_members'; members: number };

/**
 * The owner changes the room's name, description or size, in one transaction under the room's lock (so no join
 * slips past a smaller `max_members`), recorded in the audit log with what each changed field was and became.
 */
export async function updateRoomSettings(
  db: Db,
  roomId: number,
  actorId: number,
  settings: UpdateRoomPayload,
): Promise<SettingsOutcome> {
  return db.transaction().execute(async (trx): Promise<SettingsOutcome> => {
    const room = await lockOwnedRoom(trx, roomId, actorId);
    if (typeof room === 'string') return { status: room };
    // An archived room's settings stay as they were until it is unarchived.
    if (room.archived) return { status: 'archived' };
    if (settings.max_members !== undefined) {
      const members = await countMembers(trx, roomId);
      if (settings.max_members < members) return { status: 'below_members', members };
    }
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of ['name', 'description', 'max_members'] as const) {
      const value = settings[field];
      if (value !== undefined && value !== room[field]) changed[field] = { from: room[field], to: value };
    }
    if (Object.keys(changed).length === 0) return { status: 'updated' };
    await trx
      .updateTable('rooms')
      .set({
        ...(settings.name === undefined ? {} : { name: settings.name }),
        ...(settings.description === undefined ? {} : { description: settings.description }),
        ...(settings.max_members === undefined ? {} : { max_members: settings.max_members }),
      })
      .where('id', '=', roomId)
      .execute();
    await recordAudit(trx, {
      actorId,
      action: 'room.update',
      roomId,
      details: changed,
      asAdmin: room.asAdmin,
    });
    return { status: 'updated' };
  });
}
