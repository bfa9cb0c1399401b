import type { RuntimeConfig } from '@chat/shared';
import { describe, expect, it } from '@rstest/core';
import { accessTokenOf, drawFirstScreen } from './draw-first-screen';

const config = { apiUrl: 'http://api.test/api/' } as RuntimeConfig;
const renderer = {
  renderChatRoom: ({ room }: { room: { name: string } }) => `<h2>${room.name}</h2>`,
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

describe('drawFirstScreen', () => {
  it("draws a member's room and hands the page the answers it drew from, under the keys the app reads", async () => {
    const { fetchStub } = api({ me, 'chatrooms/5': room, 'chatrooms/5/messages?limit=50': messages });
    const drawn = await drawFirstScreen({
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
      await drawFirstScreen({ token: '1|secret', roomId: 5, config, renderer, fetchFn: outsider.fetchStub }),
    ).toBeNull();
    expect(outsider.asked).not.toContain('chatrooms/5/messages?limit=50');

    const revoked = api({ me, 'chatrooms/5': room }, 'another');
    expect(
      await drawFirstScreen({ token: '1|secret', roomId: 5, config, renderer, fetchFn: revoked.fetchStub }),
    ).toBeNull();
  });

  it('gives up past its budget: the browser draws instead', async () => {
    const slow = (async (_url: URL | string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )) as typeof fetch;
    expect(
      await drawFirstScreen({ token: '1|secret', roomId: 5, config, renderer, fetchFn: slow, budgetMs: 20 }),
    ).toBeNull();
  });
});
