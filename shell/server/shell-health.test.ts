import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runtimeConfigFromEnv } from '@chat/shared/config-from-env';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { MAX_BEACON_BYTES } from './beacon-endpoint';
import { createShellHealth, type ShellHealth } from './shell-health';

let health: ShellHealth;
let port = 0;
const server = createServer((req, res) => {
  if (!health.handle(req, res, new URL(req.url ?? '/', 'http://x').pathname)) res.writeHead(404).end();
});

function send(
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'shell-dist-'));
  writeFileSync(
    join(dist, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: 'abc123' } } }),
  );
  // The remotes' manifests are down: their versions stay unknown (`other`).
  const down = (async () => new Response('', { status: 502 })) as unknown as typeof fetch;
  health = createShellHealth(runtimeConfigFromEnv({}), dist, down);
  await health.versions.refresh();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  health.stop();
  server.close();
});

describe("the shell's server", () => {
  it('takes a beacon and shows it to a scrape from this machine', async () => {
    const beacon = {
      session: 'a1b2c3d4e5f6a7b8',
      loads: [{ app: 'shell', version: 'abc123', stage: 'module', outcome: 'ok', ms: 3 }],
      errors: [{ app: 'chat', version: 'release-4', kind: 'error', count: 1 }],
      vitals: [],
    };
    const posted = await send('POST', '/beacon', JSON.stringify(beacon), { 'Content-Type': 'text/plain' });
    expect(posted.status).toBe(204);
    const scraped = await send('GET', '/metrics');
    expect(scraped.status).toBe(200);
    expect(scraped.text).toContain(
      'frontend_remote_loads_total{remote="shell",version="abc123",stage="module",outcome="ok"} 1',
    );
    expect(scraped.text).toContain('frontend_errors_total{remote="chat",version="other",kind="error"} 1');
  });

  it("hands a counted beacon to its observers with the request's cookie and address (the canary's judge)", async () => {
    const seen: { session: string; cookie?: string; address: string }[] = [];
    health.onBeacon((beacon, request) =>
      seen.push({ session: beacon.session, cookie: request.cookie, address: request.address }),
    );
    const beacon = { session: 'observed-tab-1', loads: [], errors: [], vitals: [] };
    const headers = { 'Content-Type': 'text/plain', Cookie: 'chat-canary=v.s' };
    expect((await send('POST', '/beacon', JSON.stringify(beacon), headers)).status).toBe(204);
    expect((await send('POST', '/beacon', 'not a beacon', headers)).status).toBe(400);
    expect(seen).toEqual([{ session: 'observed-tab-1', cookie: 'chat-canary=v.s', address: '127.0.0.1' }]);
  });

  it('refuses a body past the limit before reading it, 413', async () => {
    const huge = 'x'.repeat(MAX_BEACON_BYTES * 8);
    expect((await send('POST', '/beacon', huge, { 'Content-Type': 'text/plain' })).status).toBe(413);
  });

  it('answers a scrape forwarded from elsewhere 403', async () => {
    expect((await send('GET', '/metrics', undefined, { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(403);
  });

  it('leaves every other path to the static server', async () => {
    expect((await send('GET', '/index.html')).status).toBe(404);
  });
});
