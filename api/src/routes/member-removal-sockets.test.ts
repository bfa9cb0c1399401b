import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { isMember } from '../repositories/rooms';
import { captureLog } from '../testing/log-capture';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

/**
 * With an external engine (BROADCAST_DRIVER=pusher), removing a member ends their signed-in sockets through
 * the engine's HTTP API. Stubbed at the network edge: a local server answering as Soketi does, recording
 * each request and whether the removal was committed when it came.
 */
describe('removing a member, on Soketi or Pusher', () => {
  const requests: { path: string; stillMember?: boolean }[] = [];
  let failTerminate = false;
  let engine: Server;
  let t: TestApp;
  const log = captureLog('warn');
  let owner: SignedIn;
  let member: SignedIn;
  let roomId: number;

  beforeAll(async () => {
    engine = createServer((req, res) => {
      req.resume();
      req.on('end', async () => {
        const path = new URL(req.url ?? '/', 'http://engine').pathname;
        const terminate = /\/users\/(\d+)\/terminate_connections$/.exec(path);
        if (!terminate) {
          requests.push({ path });
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
          return;
        }
        requests.push({ path, stillMember: await isMember(t.app.db, roomId, Number(terminate[1])) });
        if (failTerminate) res.writeHead(500).end('down');
        else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({
      publisher: 'embedded',
      logger: log.logger,
      env: {
        BROADCAST_DRIVER: 'pusher',
        REVERB_HOST: '127.0.0.1',
        REVERB_PORT: String((engine.address() as AddressInfo).port),
        BROADCAST_RETRY_SECONDS: '0',
      },
    });
    owner = await t.signIn();
    member = await t.signIn();
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => engine.close(resolve));
  });

  const removeMember = () =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/chatrooms/${roomId}/members/${member.user.id}`,
      headers: owner.headers,
    });

  it("ends the removed member's connections after the removal is committed and its events are out", async () => {
    roomId = await t.createRoom(owner);
    await t.join(member, roomId);
    requests.length = 0;
    expect((await removeMember()).statusCode).toBe(204);
    const terminate = `/apps/${t.config.broadcast.appId}/users/${member.user.id}/terminate_connections`;
    expect(requests.at(-1)).toEqual({ path: terminate, stillMember: false });
    expect(requests.filter((r) => r.path.endsWith('events')).length).toBeGreaterThan(0);
    expect(requests.filter((r) => r.path === terminate)).toHaveLength(1);
  });

  it('still answers 204 when the engine refuses, and says so in the log', async () => {
    roomId = await t.createRoom(owner);
    await t.join(member, roomId);
    failTerminate = true;
    const from = log.lines.length;
    expect((await removeMember()).statusCode).toBe(204);
    expect(await isMember(t.app.db, roomId, member.user.id)).toBe(false);
    expect(log.lines.slice(from).map((line) => line.msg)).toContain(
      'Ending the removed member’s sockets failed',
    );
  });
});
