import { describe, expect, it } from '@rstest/core';
import { AccessTokenCache } from './access-token-cache';
import { hashTokenSecret } from './access-tokens';

const secret = 'a'.repeat(40);
const user = { id: 7, username: 'ann', image: null };

describe('AccessTokenCache', () => {
  it('answers a known token with its owner, a wrong secret with null, an unknown one with undefined', () => {
    const cache = new AccessTokenCache(10_000);
    cache.set(1, hashTokenSecret(secret), user);
    expect(cache.get({ id: 1, secret })).toEqual(user);
    expect(cache.get({ id: 1, secret: 'b'.repeat(40) })).toBeNull();
    expect(cache.get({ id: 2, secret })).toBeUndefined();
  });

  it('forgets an entry once it expires, and the oldest one when full', () => {
    let now = 0;
    const cache = new AccessTokenCache(1_000, 2, () => now);
    cache.set(1, hashTokenSecret(secret), user);
    now = 999;
    expect(cache.get({ id: 1, secret })).toEqual(user);
    now = 1_000;
    expect(cache.get({ id: 1, secret })).toBeUndefined();

    cache.set(1, hashTokenSecret(secret), user);
    cache.set(2, hashTokenSecret(secret), user);
    cache.set(3, hashTokenSecret(secret), user);
    expect(cache.get({ id: 1, secret })).toBeUndefined();
    expect(cache.get({ id: 3, secret })).toEqual(user);
  });

  it("never keeps an entry past the token's own expiry, and forgets a revoked token at once", () => {
    let now = 0;
    const cache = new AccessTokenCache(10_000, 10, () => now);
    cache.set(1, hashTokenSecret(secret), user, 500);
    cache.set(2, hashTokenSecret(secret), user);
    now = 500;
    expect(cache.get({ id: 1, secret })).toBeUndefined();
    expect(cache.get({ id: 2, secret })).toEqual(user);
    cache.delete(2);
    expect(cache.get({ id: 2, secret })).toBeUndefined();
  });
});
