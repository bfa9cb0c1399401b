import type { RuntimeConfig } from '@chat/shared';
import { describe, expect, it } from '@rstest/core';
import { accessTokenOf, drawChatRoom, drawRoomList } from './draw-first-screen';

const config = { apiUrl: 'http://api.test/api/' } as RuntimeConfig;
const renderer = {
  renderChatRoom: ({ room }: { room: { name: string } }) => `<h2>${room.name}</h2>`,
  renderRoomList: ({ rooms }: { rooms: { name: string }[] }) => ({
    panel: '<nav>Your rooms</nav>',
    list: rooms.map((room) => `<p>${room.name}</p>`).join(''),
  }),
} as never;

/** The API at the network's edge: what each GET answers this token, and what was asked. */
function api(answers: Record<string, unknown>, token = '1|secret') {
  const asked: string[] = [];
  const fetchStub = (async (url: URL | string, init?: RequestInit) => {
    const path = String(url).replace(config.apiUrl, '');
    asked.push(path);
    const authorised = new Headers(init?.headers).get('Authorization') === `Bearer ${token}`;
    return authorised && path in answers ? Response.json(answers[path]) : Response.json({}, { status: 401 });
  }) as typeof fetch;
  return { fetchStub, asked };
}

const me = { id: 1, username: 'demo' };
const room = { id: 5, name: 'Lake', is_member: true };
const messages = [{ id: 9, content: 'hi' }];

describe('accessTokenOf', () => {
  it('reads the access-token cookie, decoded, among others', () => {
    expect(accessTokenOf('a=1; access-token=12%7Csecret; b=2')).toBe('12|secret');
    expect(accessTokenOf('a=1')).toBeNull();
    expect(accessTokenOf(undefined)).toBeNull();
    expect(accessTokenOf('access-token=%E0%A4%A')).toBeNull();
  });
});

describe('drawChatRoom', () => {
  it("draws a member's room from its newest page with the messages' trees, and hands the page the answers it drew from, under the keys the app reads", async () => {
    const { fetchStub } = api({
      me,
      'chatrooms/5': room,
      'chatrooms/5/messages?limit=50&include=tree': messages,
    });
    const drawn = await drawChatRoom({
      token: '1|secret',
      roomId: 5,
      config,
      renderer,
      fetchFn: fetchStub,
    });
    expect(drawn?.markup).toBe('<h2>Lake</h2>');
    expect(drawn?.data).toEqual({
      v: 1,
      config,
      me,
      queries: [
        [['me'], me],
        [['chatrooms', 5], room],
        [['chatrooms', 5, 'opening-page'], messages],
      ],
    });
  });

  it('draws nothing, and reads no message, for a visitor who is not a member or whose token is refused', async () => {
    const outsider = api({ me, 'chatrooms/5': { ...room, is_member: false } });
    expect(
      await drawChatRoom({ token: '1|secret', roomId: 5, config, renderer, fetchFn: outsider.fetchStub }),
    ).toBeNull();
    expect(outsider.asked.filter((path) => path.includes('/messages'))).toEqual([]);

    const revoked = api({ me, 'chatrooms/5': room }, 'another');
    expect(
      await drawChatRoom({ token: '1|secret', roomId: 5, config, renderer, fetchFn: revoked.fetchStub }),
    ).toBeNull();
  });

  it('gives up past its budget: the browser draws instead', async () => {
    const slow = (async (_url: URL | string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )) as typeof fetch;
    expect(
      await drawChatRoom({ token: '1|secret', roomId: 5, config, renderer, fetchFn: slow, budgetMs: 20 }),
    ).toBeNull();
  });
});

describe('drawRoomList', () => {
  it("draws the list and 'Your rooms' in the home page's two columns, with the answers under the app's keys", async () => {
    const direct = [{ id: 7, name: 'alice', kind: 'direct', is_member: true }];
    const { fetchStub } = api({ me, chatrooms: [room], 'direct-messages': direct });
    const drawn = await drawRoomList({ token: '1|secret', config, renderer, fetchFn: fetchStub });
    expect(drawn?.markup).toBe(
      '<aside data-first-screen-part="panel"><nav>Your rooms</nav></aside><div data-first-screen-part="list"><p>Lake</p></div>',
    );
    expect(drawn?.data.queries).toEqual([
      [['me'], me],
      [['chatrooms'], [room]],
      [['direct-messages'], direct],
    ]);
  });

  it('leaves direct messages to the page with an API that has none, and draws nothing for a refused token', async () => {
    const older = api({ me, chatrooms: [room] });
    const drawn = await drawRoomList({ token: '1|secret', config, renderer, fetchFn: older.fetchStub });
    expect(drawn?.data.queries.map(([key]) => key)).toEqual([['me'], ['chatrooms']]);

    const revoked = api({ me, chatrooms: [room] }, 'another');
    expect(
      await drawRoomList({ token: '1|secret', config, renderer, fetchFn: revoked.fetchStub }),
    ).toBeNull();
  });
});
