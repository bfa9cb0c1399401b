import type { Room } from '@chat/shared';

/** A room as the API sends it; tests override what they check. */
export function aRoom(overrides: Partial<Room> = {}): Room {
  return {
    id: 1,
    name: 'General',
    description: 'Anything goes',
    max_members: 100,
    members_count: 3,
    is_member: false,
    unread_count: 0,
    created_at: '2026-11-21T10:00:00.000000Z',
    ...overrides,
  };
}
