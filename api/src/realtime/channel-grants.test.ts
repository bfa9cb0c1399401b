import { describe, expect, it } from '@rstest/core';
import { ChannelGrants } from './channel-grants';

const guarded = (channel: string) => channel.startsWith('private-chatroom.');

describe('channel grants', () => {
  it('admits unguarded channels on the signature alone, guarded ones only with a grant', () => {
    const grants = new ChannelGrants(guarded);
    grants.connected('1.1');
    expect(grants.admits('1.1', 'private-chatroom')).toBe(true);
    expect(grants.admits('1.1', 'private-chatroom.5')).toBe(false);
    grants.grant('1.1', 'private-chatroom.5', 42);
    expect(grants.admits('1.1', 'private-chatroom.5')).toBe(true);
    expect(grants.admits('1.1', 'private-chatroom.6')).toBe(false);
  });

  it("revokes one user's grants on one channel, on every socket of theirs, and no one else's", () => {
    const grants = new ChannelGrants(guarded);
    for (const socket of ['1.1', '1.2', '2.1']) grants.connected(socket);
    grants.grant('1.1', 'private-chatroom.5', 1);
    grants.grant('1.2', 'private-chatroom.5', 1);
    grants.grant('1.1', 'private-chatroom.6', 1);
    grants.grant('2.1', 'private-chatroom.5', 2);
    expect(grants.revoke('private-chatroom.5', 1).sort()).toEqual(['1.1', '1.2']);
    expect(grants.admits('1.1', 'private-chatroom.5')).toBe(false);
    expect(grants.admits('1.1', 'private-chatroom.6')).toBe(true);
    expect(grants.admits('2.1', 'private-chatroom.5')).toBe(true);
    expect(grants.revoke('private-chatroom.5', 1)).toEqual([]);
  });

  it('keeps nothing for sockets that are not connected, or no longer', () => {
    const grants = new ChannelGrants(guarded);
    grants.grant('9.9', 'private-chatroom.5', 1);
    expect(grants.admits('9.9', 'private-chatroom.5')).toBe(false);
    grants.connected('1.1');
    grants.grant('1.1', 'private-chatroom.5', 1);
    grants.disconnected('1.1');
    expect(grants.admits('1.1', 'private-chatroom.5')).toBe(false);
    expect(grants.revoke('private-chatroom.5', 1)).toEqual([]);
  });
});
