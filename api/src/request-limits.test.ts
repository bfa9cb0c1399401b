import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { captureLog } from './testing/log-capture';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * Sends a POST's headers, then drips its body a byte at a time (never fast enough to finish, always fast
 * enough to defeat an idle timeout). Resolves with what the server wrote and when it hung up.
 */
function dripRequest(port: number, dripMs: number, giveUpMs: number) {
  return new Promise<{ closedAfterMs: number | null; answer: string }>((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', () => {});
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const drip = setInterval(() => socket.write(' '), dripMs);
    const finish = (closedAfterMs: number | null) => {
      clearInterval(drip);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closedAfterMs, answer });
    };
    const giveUp = setTimeout(() => finish(null), giveUpMs);
    socket.on('close', () => finish(Date.now() - started));
  });
}

describe('request limits on a listening API', () => {
  const log = captureLog();
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({
      env: { REQUEST_TIMEOUT_SECONDS: '2', IDLE_TIMEOUT_SECONDS: '1', BODY_LIMIT_BYTES: '2048' },
      logger: log.logger,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('cuts off a body dripped slower than the request timeout with 408, the idle timeout never firing', async () => {
    const { closedAfterMs, answer } = await dripRequest(port, 400, 8000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs).toBeGreaterThanOrEqual(1900);
    expect(closedAfterMs).toBeLessThan(4000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(log.errorsSince(0)).toEqual([]);
  });

  it('refuses a JSON body over BODY_LIMIT_BYTES with 413 in the API error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'x', password: 'p'.repeat(3000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Payload Too Large' });
  });
});
