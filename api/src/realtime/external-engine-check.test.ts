import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import Fastify from 'fastify';
import type { Config } from '../config';
import { captureLog, type LogLine } from '../testing/log-capture';
import { createTestApp, type TestApp, testConfig } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import { checkExternalEngine } from './external-engine-check';
import { verifySignedRequest } from './signatures';

const WARN = 40;

/**
 * An engine's HTTP API as far as the check asks it: `GET /apps/{id}/channels`, signed. `statusInBody` answers
 * refusals as Soketi 1.6 does: 200, with the status in the body.
 */
function fakeEngine(app: { id: string; key: string; secret: string }, { statusInBody = false } = {}): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const answer = (status: number, body: Record<string, unknown>) => {
      const [sent, json] = statusInBody && status !== 200 ? [200, { ...body, code: status }] : [status, body];
      // No keep-alive: a pooled connection the server closes after its idle timeout, just as the next test's
      // check reuses it, reset that check on a busy machine.
      res
        .writeHead(sent, { 'content-type': 'application/json', connection: 'close' })
        .end(JSON.stringify(json));
    };
    if (req.method !== 'GET' || url.pathname !== `/apps/${app.id}/channels`)
      return answer(404, { error: 'Not found' });
    const refusal = verifySignedRequest(app, {
      method: 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: '',
    });
    return refusal ? answer(401, { error: refusal }) : answer(200, { channels: {} });
  });
}

describe('an external websocket engine (BROADCAST_DRIVER=pusher) at start-up', () => {
  const config = testConfig({ BROADCAST_DRIVER: 'pusher' });
  const engine = fakeEngine({
    id: config.broadcast.appId,
    key: config.broadcast.key,
    secret: config.broadcast.secret,
  });
  let port: number;
  let t: TestApp | undefined;

  beforeAll(async () => {
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    port = (engine.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => engine.close(() => resolve())));
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const broadcast = (change: Partial<Config['broadcast']> = {}): Config['broadcast'] => ({
    ...config.broadcast,
    host: '127.0.0.1',
    port,
    scheme: 'http',
    ...change,
  });
  /** What `checkExternalEngine` logs for `settings`, at warn and above. */
  async function warningsFor(settings: Config['broadcast']): Promise<string[]> {
    const log = captureLog();
    const logger = Fastify({ logger: log.logger });
    await checkExternalEngine(settings, logger.log);
    await logger.close();
    return log.lines.filter((line) => line.level >= WARN).map((line) => line.msg ?? '');
  }
  const lastWarning = async (settings: Config['broadcast']) => (await warningsFor(settings)).at(-1);

  it('warns, as the app starts, about each setting the engine must allow that the API cannot check', async () => {
    const log = captureLog();
    t = await createTestApp({
      publisher: 'embedded',
      logger: log.logger,
      env: { BROADCAST_DRIVER: 'pusher', REVERB_HOST: '127.0.0.1', REVERB_PORT: String(port) },
    });
    const checked = await waitFor(
      () => log.lines.find((line) => line.msg?.includes("accepts the app's credentials")),
      'the credentials check',
    );
    expect(checked.level).toBeLessThan(WARN);
    const warnings = log.lines.filter((line: LogLine) => line.level === WARN).map((line) => line.msg);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^BROADCAST_DRIVER=pusher: client events \(typing\) .*SOKETI_DEFAULT_APP_ENABLE_CLIENT_MESSAGES=true on Soketi.*accept_client_events_from.*"Enable client events".*; the API cannot check this/,
      ),
      expect.stringMatching(
        /presence channel .*SOKETI_PRESENCE_MAX_MEMBERS=1000.*; the API cannot check this/,
      ),
      expect.stringMatching(/allowed_origins.*; the API cannot check this/),
      expect.stringMatching(/max_request_size .*REVERB_MAX_REQUEST_SIZE.*; the API cannot check this/),
    ]);
  });

  it('says nothing of the kind with the embedded server', async () => {
    const log = captureLog();
    t = await createTestApp({ publisher: 'embedded', logger: log.logger });
    expect(log.lines.filter((line) => line.msg?.includes('BROADCAST_DRIVER'))).toEqual([]);
  });

  it('warns, without stopping, when the engine refuses the credentials', async () => {
    expect(await lastWarning(broadcast({ secret: 'not-the-secret' }))).toMatch(
      /events cannot be published: http:\/\/127\.0\.0\.1:\d+\/apps\/chat-app\/channels refused the API's signature \(401 .*Invalid signature.*\): REVERB_APP_KEY and REVERB_APP_SECRET/,
    );
    expect(await lastWarning(broadcast({ key: 'other-key' }))).toMatch(/\(401 .*Unknown auth_key/);
  });

  it('warns when the engine knows no such app', async () => {
    expect(await lastWarning(broadcast({ appId: 'other-app' }))).toMatch(
      /\/apps\/other-app\/channels answered 404 .*is REVERB_APP_ID the app's id/,
    );
  });

  it('reads a refusal sent with status 200, as Soketi 1.6 sends them, as the refusal it is', async () => {
    const soketi = fakeEngine(
      { id: config.broadcast.appId, key: config.broadcast.key, secret: config.broadcast.secret },
      { statusInBody: true },
    );
    await new Promise<void>((resolve) => soketi.listen(0, '127.0.0.1', resolve));
    const at = { port: (soketi.address() as AddressInfo).port };
    try {
      expect(await lastWarning(broadcast({ ...at, secret: 'not-the-secret' }))).toMatch(
        /refused the API's signature \(401 \{"error":"Invalid signature","code":401\}\)/,
      );
      expect(await lastWarning(broadcast({ ...at, appId: 'other-app' }))).toMatch(
        /answered 404 .*REVERB_APP_ID/,
      );
      expect(await lastWarning(broadcast(at))).toMatch(/the API cannot check this/);
    } finally {
      await new Promise<void>((resolve) => soketi.close(() => resolve()));
    }
  });

  it('warns when nothing answers at REVERB_HOST:REVERB_PORT', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await lastWarning(broadcast({ port: freePort }))).toMatch(
      /events cannot be published: .* did not answer \(.*ECONNREFUSED.*\): is it running/,
    );
  });

  it('warns about the unchecked settings before the check, whatever it finds', async () => {
    const warnings = await warningsFor(broadcast());
    expect(warnings).toHaveLength(4);
    expect(warnings.every((warning) => warning.endsWith('"Bring your own websocket engine")'))).toBe(true);
  });
});
