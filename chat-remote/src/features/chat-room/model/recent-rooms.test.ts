import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { createChatStore } from './chat-store';
import type { MessageSync } from './message-sync';
import {
  claimRecentRoom,
  forgetRecentRoom,
  keepRecentRoom,
  RECENT_ROOM_MS,
  RECENT_ROOMS_MAX,
  recentRoom,
} from './recent-rooms';

const room = () => ({ store: createChatStore(), sync: {} as MessageSync });

describe('recent rooms', () => {
  beforeEach(() => {
    rs.useFakeTimers();
  });
  afterEach(() => {
    rs.useRealTimers();
  });

  it('reopens a room closed by a switch on what it held, and its kept subscription stops once claimed', () => {
    const app = {};
    const kept = room();
    kept.store.setState((state) => ({ ...state, divider: { decided: true, firstUnread: 4 } }));
    const release = rs.fn();
    keepRecentRoom(app, 7, kept, release);

    const again = recentRoom(app, 7);
    expect(again?.store).toBe(kept.store);
    // The last visit's divider is not reopened.
    expect(again?.store.getState().divider).toEqual({ decided: false });
    expect(release).not.toHaveBeenCalled();
    claimRecentRoom(app, 7);
    expect(release).toHaveBeenCalledTimes(1);
    expect(recentRoom(app, 7)).toBeUndefined();
    expect(recentRoom({}, 7)).toBeUndefined();
  });

  it('lets a room go after five minutes, and keeps at most the newest ten', () => {
    const app = {};
    const first = rs.fn();
    keepRecentRoom(app, 1, room(), first);
    rs.advanceTimersByTime(RECENT_ROOM_MS);
    expect(first).toHaveBeenCalledTimes(1);
    expect(recentRoom(app, 1)).toBeUndefined();

    const releases = Array.from({ length: RECENT_ROOMS_MAX + 1 }, (_, index) => {
      const release = rs.fn();
      keepRecentRoom(app, 100 + index, room(), release);
      return release;
    });
    expect(releases[0]).toHaveBeenCalledTimes(1);
    expect(recentRoom(app, 100)).toBeUndefined();
    expect(releases.slice(1).every((release) => release.mock.calls.length === 0)).toBe(true);
  });

  it('keeps nothing of a room the user left: its view releases at once as it closes', () => {
    const app = {};
    forgetRecentRoom(app, 7);
    const release = rs.fn();
    keepRecentRoom(app, 7, room(), release);
    expect(release).toHaveBeenCalledTimes(1);
    expect(recentRoom(app, 7)).toBeUndefined();
  });
});
