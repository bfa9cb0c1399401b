import { describe, expect, it } from '@rstest/core';
import { joinedRoomId } from './joined-room-id';

describe('joinedRoomId', () => {
  it('reads a positive integer room id', () => {
    expect(joinedRoomId('?room=5')).toBe(5);
  });

  it.each(['', '?room=', '?room=0', '?room=-3', '?room=1.5', '?room=abc', '?room=1e400'])(
    'ignores %s',
    (search) => {
      expect(joinedRoomId(search)).toBeNull();
    },
  );
});
