import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import {
  CANARY_COOKIE,
  canaryCookieHeader,
  readCanaryCookie,
  signAssignments,
  verifyAssignments,
} from './canary-cookie';

const secret = 'a-secret-of-the-server';
const assignments = { chat: { id: 'c0ffee12', arm: 'canary' as const } };

describe('the chat-canary cookie', () => {
  it('verifies what the server signed', () => {
    expect(verifyAssignments(secret, signAssignments(secret, assignments))).toEqual(assignments);
  });

  it('refuses a payload changed after signing (a browser moving itself to the other arm)', () => {
    const [, signature] = signAssignments(secret, assignments).split('.');
    const forged = Buffer.from(JSON.stringify({ chat: { id: 'c0ffee12', arm: 'baseline' } })).toString(
      'base64url',
    );
    expect(verifyAssignments(secret, `${forged}.${signature}`)).toBeNull();
  });

  it('refuses a changed or missing signature, another secret, and anything not ours', () => {
    const value = signAssignments(secret, assignments);
    const flipped = `${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyAssignments(secret, flipped)).toBeNull();
    expect(verifyAssignments(secret, value.split('.')[0])).toBeNull();
    expect(verifyAssignments('another secret', value)).toBeNull();
    for (const junk of [undefined, '', '.', 'x.y', `${'a'.repeat(600)}.b`]) {
      expect(verifyAssignments(secret, junk)).toBeNull();
    }
  });

  it('refuses a signed payload of the wrong shape (an unknown remote or arm)', () => {
    const odd = [{ evil: { id: 'c0ffee12', arm: 'canary' } }, { chat: { id: 'c0ffee12', arm: 'third' } }, []];
    for (const payload of odd) {
      expect(verifyAssignments(secret, signAssignments(secret, payload as never))).toBeNull();
    }
  });

  it('is read from a Cookie header among others, and written HttpOnly, SameSite=Lax, Path=/', () => {
    expect(readCanaryCookie(`a=1; ${CANARY_COOKIE}=v.s; b=2`)).toBe('v.s');
    expect(readCanaryCookie('a=1')).toBeUndefined();
    expect(canaryCookieHeader('v.s', false)).toBe(
      'chat-canary=v.s; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000',
    );
    expect(canaryCookieHeader('v.s', true)).toMatch(/; Secure$/);
  });

  it('answers any cookie value whatever with null, never a throw (a beacon must not become a 5xx)', () => {
    const value = signAssignments(secret, assignments);
    const anything = fc.oneof(
      fc.string({ maxLength: 700 }),
      fc.string().map((tail) => `${value.split('.')[0]}.${tail}`),
      fc.json().map((json) => `${Buffer.from(json).toString('base64url')}.x`),
    );
    fc.assert(fc.property(anything, (candidate) => verifyAssignments(secret, candidate) === null));
  });
});
