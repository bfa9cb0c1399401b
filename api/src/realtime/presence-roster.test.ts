import { describe, expect, it } from '@rstest/core';
import { PresenceRoster, parseMember } from './presence-roster';

const alice = { user_id: 1, user_info: { id: 1, username: 'alice' } };
const bob = { user_id: 2, user_info: { id: 2, username: 'bob' } };

describe('presence roster', () => {
  it('counts users, not sockets: added with the first socket, removed with the last', () => {
    const roster = new PresenceRoster();
    expect(roster.join('presence-a', '1.1', alice)).toBe(true);
    expect(roster.join('presence-a', '1.2', alice)).toBe(false);
    expect(roster.join('presence-a', '2.1', bob)).toBe(true);
    expect(roster.snapshot('presence-a').presence).toEqual({
      ids: [1, 2],
      hash: { '1': alice.user_info, '2': bob.user_info },
      count: 2,
    });
    expect(roster.leave('presence-a', '1.1')).toBeNull();
    expect(roster.leave('presence-a', '1.2')).toEqual(alice);
    expect(roster.leave('presence-a', '1.2')).toBeNull();
    expect(roster.snapshot('presence-a').presence.count).toBe(1);
  });

  it('keeps channels apart and knows which member a socket is', () => {
    const roster = new PresenceRoster();
    roster.join('presence-a', '1.1', alice);
    roster.join('presence-b', '1.1', bob);
    expect(roster.memberOf('presence-a', '1.1')).toEqual(alice);
    expect(roster.memberOf('presence-b', '1.1')).toEqual(bob);
    expect(roster.memberOf('presence-c', '1.1')).toBeUndefined();
    expect(roster.leave('presence-b', '1.1')).toEqual(bob);
    expect(roster.snapshot('presence-b')).toEqual({ presence: { ids: [], hash: {}, count: 0 } });
    expect(roster.memberOf('presence-a', '1.1')).toEqual(alice);
  });

  it.each([
    [
      'a number id with info',
      '{"user_id":7,"user_info":{"username":"x"}}',
      { user_id: 7, user_info: { username: 'x' } },
    ],
    ['a string id without info', '{"user_id":"7"}', { user_id: '7', user_info: undefined }],
    ['no user_id', '{"user_info":{}}', null],
    ['an empty id', '{"user_id":""}', null],
    ['a fractional id', '{"user_id":1.5}', null],
    ['an object id', '{"user_id":{}}', null],
    ['not an object', '7', null],
    ['null', 'null', null],
    ['not JSON', '{user_id:7}', null],
  ])('reads channel_data with %s', (_case, channelData, member) => {
    expect(parseMember(channelData)).toEqual(member);
  });
});
