import { afterEach, describe, expect, it } from '@rstest/core';
import { RealtimeServer } from './realtime/realtime-server';
import { createTestApp, type TestApp } from './testing/test-app';

describe('buildApp', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('answers GET /up once the database answers', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ url: '/up' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('embeds the websocket server by default', async () => {
    t = await createTestApp({ publisher: 'embedded' });
    expect(t.app.realtime).toBeInstanceOf(RealtimeServer);
  });

  it('hands broadcasting to an external server when BROADCAST_DRIVER=pusher', async () => {
    t = await createTestApp({
      publisher: 'embedded',
      env: { BROADCAST_DRIVER: 'pusher', REVERB_HOST: 'reverb.test' },
    });
    expect(t.app.realtime).toBeNull();
    expect(t.app.publisher).toBeDefined();
  });
});
