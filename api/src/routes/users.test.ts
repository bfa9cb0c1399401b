import { USER_SEARCH_MAX } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

/** GET users?q=: whom a direct message can be started with, by the start of their name. */
describe('user search', () => {
  let t: TestApp;
  let me: SignedIn;

  const search = (q: string, who: SignedIn | null = me) =>
    t.app.inject({ url: `/api/users?q=${encodeURIComponent(q)}`, headers: who?.headers ?? {} });

  beforeAll(async () => {
    t = await createTestApp();
    me = await t.signIn('Alma');
    for (const name of ['alice', 'ALBERT', 'bob', 'al_x', 'alfxy', 'al%y', 'zed\\al']) await t.signIn(name);
  });
  afterAll(() => t.close());

  it('finds names starting with q, case-insensitively, in reading order, the caller included', async () => {
    const found = await search('AL');
    expect(found.statusCode).toBe(200);
    expect(found.json().map((user: { username: string }) => user.username)).toEqual([
      'al%y',
      'al_x',
      'ALBERT',
      'alfxy',
      'alice',
      'Alma',
    ]);
    expect(found.json()[0]).toEqual({ id: expect.any(Number), username: 'al%y' });
    expect(Object.keys(found.json()[0]).sort()).toEqual(['id', 'username']);
  });

  it('takes % _ and \\ as themselves, not as wildcards; trims q', async () => {
    expect((await search('al_')).json().map((u: { username: string }) => u.username)).toEqual(['al_x']);
    expect((await search('al%')).json().map((u: { username: string }) => u.username)).toEqual(['al%y']);
    expect((await search('zed\\')).json().map((u: { username: string }) => u.username)).toEqual(['zed\\al']);
    expect((await search('%')).json()).toEqual([]);
    expect((await search('  bo ')).json().map((u: { username: string }) => u.username)).toEqual(['bob']);
  });

  it(`answers at most ${USER_SEARCH_MAX}`, async () => {
    for (let n = 0; n < USER_SEARCH_MAX + 2; n++) await t.signIn(`many${String(n).padStart(2, '0')}`);
    const found = (await search('many')).json() as { username: string }[];
    expect(found).toHaveLength(USER_SEARCH_MAX);
    expect(found[0]?.username).toBe('many00');
  });

  it('refuses a missing, blank or too long q (422), and anonymous callers (401)', async () => {
    for (const url of [
      '/api/users',
      '/api/users?q=',
      '/api/users?q=%20%20',
      `/api/users?q=${'a'.repeat(65)}`,
    ]) {
      const refused = await t.app.inject({ url, headers: me.headers });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['q']);
    }
    expect((await search('a'.repeat(64))).statusCode).toBe(200);
    expect((await search('al', null)).statusCode).toBe(401);
  });
});
