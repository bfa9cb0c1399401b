import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from '@rstest/core';
import { clientAddress, trustedProxyHops } from './client-address';

const request = (peer: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress(request('203.0.113.9', '198.51.100.1'), 0)).toBe('203.0.113.9');
  });

  it('is the entry the trusted proxy added, not one the client made up', () => {
    expect(clientAddress(request('127.0.0.1', '203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientAddress(request('127.0.0.1', '198.51.100.1, 203.0.113.9'), 1)).toBe('203.0.113.9');
  });

  it('is the first known address when there are fewer hops than trusted', () => {
    expect(clientAddress(request('127.0.0.1'), 1)).toBe('127.0.0.1');
  });
});

describe('trustedProxyHops', () => {
  it('reads a hop count (true: one), and nothing else', () => {
    expect(trustedProxyHops({ TRUST_PROXY: '1' })).toBe(1);
    expect(trustedProxyHops({ TRUST_PROXY: 'true' })).toBe(1);
    expect(trustedProxyHops({})).toBe(0);
  });
});
