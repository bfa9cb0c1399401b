import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from '@rstest/core';
import { WebSocket } from 'ws';
import { METRICS_LOOPBACK_ONLY } from '../metrics/metrics-access';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';

const TOKEN = 'metrics-token-for-the-tests';
const SEND_ROUTE = '/api/chatrooms/:id/messages';

/** One sample of the exposition text: `name` with exactly `labels`; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (JSON.stringify(Object.entries(found).sort()) === JSON.stringify(Object.entries(labels).sort()))
      return Number(match[3]);
  }
  return 0;
}

/** A port nothing listens on: an external websocket server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('GET /metrics', () => {
  const apps: TestApp[] = [];
  const build = async (...args: Parameters<typeof createTestApp>) => {
    const t = await createTestApp(...args);
    apps.push(t);
    return t;
  };
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
  });

  const scrape = async (t: TestApp, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url: '/metrics', headers });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  const send = async (t: TestApp, who: SignedIn, roomId: number, content = 'hello') => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: who.headers,
      payload: { content },
    });
    expect(response.statusCode).toBe(201);
  };

  describe('without METRICS_TOKEN: this machine only', () => {
    it('answers a loopback peer in the Prometheus text format, with the process metrics', async () => {
      const t = await build();
      const response = await t.app.inject({ url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(response.body).toContain('# TYPE http_requests_total counter');
      expect(response.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
      expect(sample(response.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    });

    it.each(['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'])(
      'answers a peer at %s',
      async (remoteAddress) => {
        const t = await build();
        const response = await t.app.inject({ url: '/metrics', remoteAddress });
        expect(response.statusCode).toBe(200);
      },
    );

    it.each(['192.0.2.10', '::ffff:192.0.2.10', '2001:db8::1'])(
      'refuses a peer at %s with 403 and a JSON message',
      async (remoteAddress) => {
        const t = await build();
        const response = await t.app.inject({ url: '/metrics', remoteAddress });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: METRICS_LOOPBACK_ONLY });
      },
    );

    it('answers a request a local proxy forwarded for a local client', async () => {
      const t = await build({ env: { TRUST_PROXY: '1' } });
      const response = await t.app.inject({
        url: '/metrics',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(response.statusCode).toBe(200);
    });

    // The scale topology's balancer: a loopback peer, TRUST_PROXY=1, the client named in X-Forwarded-For.
    it.each([
      ['false', '203.0.113.7'],
      ['1', '203.0.113.7'],
      ['1', '127.0.0.1, 203.0.113.7'],
      ['1', '203.0.113.7, 127.0.0.1'],
      ['loopback', '10.1.2.3'],
      ['1', 'not-an-address'],
    ])('refuses, with TRUST_PROXY=%s, a loopback peer forwarding for %s', async (trustProxy, forwarded) => {
      const t = await build({ env: { TRUST_PROXY: trustProxy } });
      const response = await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': forwarded } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: METRICS_LOOPBACK_ONLY });
    });

    it('is not throttled: scrapes never meet the API limit', async () => {
      const t = await build({ env: { API_THROTTLE_PER_MINUTE: '2' } });
      for (let i = 0; i < 4; i++) await scrape(t);
      const response = await t.app.inject({ url: '/metrics' });
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    });
  });

  describe('with METRICS_TOKEN: its bearer only, from anywhere', () => {
    it('answers the token from any address, even forwarded', async () => {
      const t = await build({ env: { METRICS_TOKEN: TOKEN } });
      const response = await t.app.inject({
        url: '/metrics',
        remoteAddress: '192.0.2.10',
        headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.7' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('http_requests_total');
    });

    it('answers 401 without the token, loopback included', async () => {
      const t = await build({ env: { METRICS_TOKEN: TOKEN } });
      for (const headers of [{}, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }]) {
        const response = await t.app.inject({ url: '/metrics', headers });
        expect(response.statusCode).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer');
        expect(response.json()).toEqual({ message: 'Unauthenticated.' });
      }
    });

    it('answers 403 to another token', async () => {
      const t = await build({ env: { METRICS_TOKEN: TOKEN } });
      for (const wrong of [`${TOKEN}x`, TOKEN.slice(0, -1), 'x']) {
        const response = await t.app.inject({
          url: '/metrics',
          headers: { authorization: `Bearer ${wrong}` },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: 'This action is unauthorized.' });
      }
    });
  });

  describe('what it counts', () => {
    it('moves the request, message, statement and publish counters when a message is sent', async () => {
      const t = await build();
      const ann = await t.signIn();
      const roomId = await t.createRoom(ann);
      const sent201 = { method: 'POST', route: SEND_ROUTE, status_code: '201' };
      const before = await scrape(t);

      await send(t, ann, roomId);
      const after = await scrape(t);

      expect(sample(after, 'http_requests_total', sent201)).toBe(
        sample(before, 'http_requests_total', sent201) + 1,
      );
      expect(sample(after, 'http_request_duration_seconds_count', sent201)).toBe(1);
      expect(sample(after, 'http_request_duration_seconds_sum', sent201)).toBeGreaterThan(0);
      expect(sample(after, 'chat_messages_sent_total')).toBe(sample(before, 'chat_messages_sent_total') + 1);
      expect(sample(after, 'chat_publish_duration_seconds_count')).toBe(
        sample(before, 'chat_publish_duration_seconds_count') + 1,
      );
      expect(sample(after, 'chat_publish_failures_total')).toBe(0);
      const statements = { route: `POST ${SEND_ROUTE}` };
      expect(sample(after, 'chat_db_statements_total', statements)).toBeGreaterThan(
        sample(before, 'chat_db_statements_total', statements),
      );
      // Matches DeliveryStats, which it reads: one count, two views.
      const stats = t.app.deliveryStats.snapshot();
      expect(sample(after, 'chat_db_statements_total', statements)).toBe(
        stats.statements_by_route[`POST ${SEND_ROUTE}`],
      );
    });

    it('does not count a repeated client_msg_id as another message', async () => {
      const t = await build();
      const ann = await t.signIn();
      const roomId = await t.createRoom(ann);
      const payload = { content: 'once', client_msg_id: '123e4567-e89b-12d3-a456-426614174000' };
      for (const status of [201, 200]) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/chatrooms/${roomId}/messages`,
          headers: ann.headers,
          payload,
        });
        expect(response.statusCode).toBe(status);
      }
      expect(sample(await scrape(t), 'chat_messages_sent_total')).toBe(1);
    });

    it('labels requests by route pattern, never by the raw URL', async () => {
      const t = await build();
      const ann = await t.signIn();
      await t.app.inject({ url: '/api/chatrooms/123456', headers: ann.headers });
      await t.app.inject({ url: '/no/such/path-xyz' });
      const text = await scrape(t);
      expect(
        sample(text, 'http_requests_total', {
          method: 'GET',
          route: '/api/chatrooms/:id',
          status_code: '404',
        }),
      ).toBe(1);
      expect(
        sample(text, 'http_requests_total', { method: 'GET', route: '(no route)', status_code: '404' }),
      ).toBe(1);
      expect(text).not.toContain('123456');
      expect(text).not.toContain('path-xyz');
    });

    it('counts a publish the external websocket server did not take; the message stands', async () => {
      const t = await build({
        publisher: 'embedded',
        env: {
          BROADCAST_DRIVER: 'pusher',
          REVERB_HOST: '127.0.0.1',
          REVERB_PORT: String(await closedPort()),
          BROADCAST_RETRY_SECONDS: '0',
        },
      });
      const ann = await t.signIn();
      const roomId = await t.createRoom(ann);
      const before = await scrape(t);
      await send(t, ann, roomId);
      const after = await scrape(t);
      expect(sample(after, 'chat_publish_failures_total')).toBe(
        sample(before, 'chat_publish_failures_total') + 1,
      );
      expect(sample(after, 'chat_messages_sent_total')).toBe(1);
      // The pusher driver serves no websocket of its own, so there is nothing to report about sockets.
      expect(after).not.toContain('chat_websocket_connections');
    });

    it("reports the embedded websocket server's sockets and subscriptions", async () => {
      const t = await build({ publisher: 'embedded' });
      const port = await t.app.realtime?.listen(0, '127.0.0.1');
      const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${t.config.broadcast.key}?protocol=7`);
      const events: string[] = [];
      socket.on('message', (data) => events.push(JSON.parse(data.toString()).event));
      await waitFor(() => events.includes('pusher:connection_established'), 'connection_established');
      socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'news' } }));
      await waitFor(() => events.includes('pusher_internal:subscription_succeeded'), 'subscription');

      const open = await scrape(t);
      expect(sample(open, 'chat_websocket_connections')).toBe(1);
      expect(sample(open, 'chat_websocket_subscriptions')).toBe(1);

      socket.close();
      await waitFor(() => t.app.realtime?.connectionCount === 0, 'the socket to close');
      const closed = await scrape(t);
      expect(sample(closed, 'chat_websocket_connections')).toBe(0);
      expect(sample(closed, 'chat_websocket_subscriptions')).toBe(0);
    });

    it('counts per app: two apps in one process keep their own counters', async () => {
      const [first, second] = [await build(), await build()];
      const ann = await first.signIn();
      await send(first, ann, await first.createRoom(ann));
      expect(sample(await scrape(first), 'chat_messages_sent_total')).toBe(1);
      const other = await scrape(second);
      expect(sample(other, 'chat_messages_sent_total')).toBe(0);
      expect(sample(other, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    });

    it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
      "reports the PostgreSQL pool's connections",
      async () => {
        const t = await build();
        const text = await scrape(t);
        expect(sample(text, 'chat_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
        expect(text).toContain('chat_db_pool_waiting 0');
      },
    );
  });
});
