import { roomKeys } from '@chat/shared';
import { hasDraft, writeDraft } from '@chat/shared/drafts';
import { describe, expect, it } from '@rstest/core';
import { QueryClient } from '@tanstack/react-query';
import { aRoom } from '../../../testing/a-room';
import { dropDraftsOfLeftRooms } from './drop-drafts-of-left-rooms';

describe('dropDraftsOfLeftRooms', () => {
  it("drops a draft once the list says the user left the room (a removal event missed), keeps the others'", () => {
    const queryClient = new QueryClient();
    writeDraft(1, 10, { text: 'left behind' });
    writeDraft(1, 11, { text: 'still mine' });
    const stop = dropDraftsOfLeftRooms(queryClient, 1);
    queryClient.setQueryData(roomKeys.all, [
      aRoom({ id: 10, is_member: true }),
      aRoom({ id: 11, is_member: true }),
    ]);
    expect(hasDraft(1, 10)).toBe(true);
    queryClient.setQueryData(roomKeys.all, [
      aRoom({ id: 10, is_member: false }),
      aRoom({ id: 11, is_member: true }),
    ]);
    expect(hasDraft(1, 10)).toBe(false);
    expect(hasDraft(1, 11)).toBe(true);
    stop();
    writeDraft(1, 11, { text: 'after the list closed' });
    queryClient.setQueryData(roomKeys.all, [aRoom({ id: 11, is_member: false })]);
    expect(hasDraft(1, 11)).toBe(true);
  });
});
