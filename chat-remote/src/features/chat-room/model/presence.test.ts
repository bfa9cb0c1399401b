import { describe, expect, it } from '@rstest/core';
import { memberOf, membersOf, withMember, withoutMember } from './presence';

describe('who has the room open', () => {
  it('reads the members `here` names, once each, by name whatever the case', () => {
    expect(
      membersOf([
        { id: 3, username: 'carol' },
        { id: 1, username: 'Alice' },
        { id: 3, username: 'carol' },
        { id: 2, username: 'bob', image: null },
        { name: 'no id' },
        null,
      ]),
    ).toEqual([
      { id: 1, username: 'Alice' },
      { id: 2, username: 'bob' },
      { id: 3, username: 'carol' },
    ]);
    expect(membersOf(undefined)).toEqual([]);
  });

  it('adds someone opening the room once, and removes them when they close it', () => {
    const start = membersOf([{ id: 2, username: 'bob' }]);
    const joined = withMember(withMember(start, { id: 1, username: 'alice' }), { id: 1, username: 'alice' });
    expect(joined.map((member) => member.username)).toEqual(['alice', 'bob']);
    expect(withoutMember(joined, 1)).toEqual([{ id: 2, username: 'bob' }]);
    expect(withoutMember(joined, 9)).toEqual(joined);
  });

  it.each([
    ['a string id', { id: '1', username: 'x' }],
    ['no username', { id: 1 }],
    ['an empty username', { id: 1, username: '' }],
    ['a number', 7],
  ])('ignores a member with %s', (_case, info) => {
    expect(memberOf(info)).toBeNull();
  });
});
