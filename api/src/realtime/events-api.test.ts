import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { handleEventsApi } from './events-api';
import { hmacSha256Hex } from './signatures';

const app = { id: '42', key: 'app-key', secret: 'app-secret' };

/** A publish signed with the app's secret as any Pusher library would, but with the timestamp given. */
function signedUrl(body: string, authTimestamp: string | undefined, endpoint = 'events'): string {
  const params: Record<string, string> = {
    auth_key: app.key,
    auth_version: '1.0',
    body_md5: createHash('md5').update(body).digest('hex'),
    ...(authTimestamp === undefined ? {} : { auth_timestamp: authTimestamp }),
  };
  const path = `/apps/${app.id}/${endpoint}`;
  const canonical = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  const signature = hmacSha256Hex(app.secret, `POST\n${path}\n${canonical}`);
  return `${path}?${new URLSearchParams({ ...params, auth_signature: signature })}`;
}

describe('POST /apps/{id}/events', () => {
  let server: Server;
  let base: string;
  const broadcasts: string[] = [];
  const body = JSON.stringify({ name: 'MessageSent', channels: ['private-chatroom'], data: '{}' });
  const publish = (authTimestamp: string | undefined) =>
    fetch(`${base}${signedUrl(body, authTimestamp)}`, { method: 'POST', body });

  beforeAll(async () => {
    server = createServer((req, res) => {
      void handleEventsApi(req, res, {
        app,
        broadcast: (_channels, event) => broadcasts.push(event),
        terminateUser: () => {},
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('publishes a correctly signed request with a current timestamp', async () => {
    const response = await publish(String(Math.floor(Date.now() / 1000)));
    expect(response.status).toBe(200);
    expect(broadcasts).toEqual(['MessageSent']);
  });

  it.each([undefined, '', 'abc', 'NaN', '1e9', '-1', ' 1700000000'])(
    'refuses a correctly signed request whose auth_timestamp is %j',
    async (authTimestamp) => {
      const response = await publish(authTimestamp);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Invalid auth_timestamp' });
    },
  );

  it('refuses a correctly signed request more than 600 s old or ahead', async () => {
    // A minute past the window each way, not a second: on a busy machine the server's clock reads a second or
    // more later than this line did, which put `now + 601` back inside the window (a 200 on a loaded run).
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - 660, now + 660]) {
      const response = await publish(String(timestamp));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Timestamp expired' });
    }
    expect(broadcasts).toEqual(['MessageSent']);
  });
});

describe('POST /apps/{id}/batch_events', () => {
  let server: Server;
  let base: string;
  const broadcasts: { channels: string[]; event: string; data: string; except?: string }[] = [];
  const now = () => String(Math.floor(Date.now() / 1000));
  /** Posted to `/batch_events`, signed as for `signedFor`. */
  const publish = (batch: unknown, signedFor = 'batch_events') => {
    const body = JSON.stringify({ batch });
    const url = signedUrl(body, now(), signedFor).replace(`/${signedFor}?`, '/batch_events?');
    return fetch(`${base}${url}`, { method: 'POST', body });
  };
  const event = (name: string, data = '{}') => ({ channel: 'private-chatroom', name, data });

  beforeAll(async () => {
    server = createServer((req, res) => {
      void handleEventsApi(req, res, {
        app,
        broadcast: (channels, event, data, except) =>
          broadcasts.push({ channels, event, data, ...(except ? { except } : {}) }),
        terminateUser: () => {},
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends every event of a signed batch, in order (what the pusher SDK's triggerBatch posts)", async () => {
    const response = await publish([
      { channel: 'private-chatroom', name: 'A', data: '{"n":1}' },
      {
        channels: ['private-chatroom.7', 'private-chatroom.8'],
        name: 'B',
        data: '{"n":2}',
        socket_id: '1.2',
      },
    ]);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(broadcasts.splice(0)).toEqual([
      { channels: ['private-chatroom'], event: 'A', data: '{"n":1}' },
      { channels: ['private-chatroom.7', 'private-chatroom.8'], event: 'B', data: '{"n":2}', except: '1.2' },
    ]);
  });

  it.each([
    ['no events', []],
    ['more than 10 events', Array.from({ length: 11 }, (_, i) => event(`E${i}`))],
    ['not a list', event('A')],
    ['an entry that is not an object', [event('A'), 'B']],
  ])('refuses a batch of %s (400) and sends nothing', async (_what, batch) => {
    const response = await publish(batch);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Invalid batch' });
    expect(broadcasts).toEqual([]);
  });

  it('checks every event before sending any: one bad event refuses the whole batch', async () => {
    const response = await publish([event('A'), event('B', 'x'.repeat(10 * 1024 + 1))]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Invalid data' });
    expect(broadcasts).toEqual([]);
  });

  it('refuses a request signed for another path (401)', async () => {
    const response = await publish([event('A')], 'events');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Invalid signature' });
    expect(broadcasts).toEqual([]);
  });
});
