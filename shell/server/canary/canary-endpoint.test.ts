import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  contractProblems,
  describeProblems,
  FEDERATION_CONTRACT_FILE,
  type FederationContract,
} from '@chat/shared/federation-contract';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { Registry } from 'prom-client';
import { CANARY_PATH, createCanaryEndpoint } from './canary-endpoint';
import { CANARY_MANIFEST, config, knownVersions, memoryStore, stateWith } from './canary-fixtures';
import { defaultCanarySettings } from './canary-settings';
import { createShellCanary, type ShellCanary } from './create-shell-canary';

const contract = (app: string, antd: Partial<FederationContract['needs'][string]>): FederationContract => ({
  app,
  builtAt: '2026-11-27T00:00:00Z',
  commit: null,
  provides: { antd: { version: '6.0.0', exports: ['Button', 'Card'] } },
  needs: { antd: { requiredVersion: '^6.0.0', ...antd } },
});
const shellContract = contract('shell', {});
const REFUSED_MANIFEST = 'http://refused.test/chat/mf-manifest.json';
const OLD_MANIFEST = 'http://old.test/chat/mf-manifest.json';

/** The remotes' static servers: the canaries' manifests and contracts, the baseline's manifest. */
const files: Record<string, unknown> = {
  [CANARY_MANIFEST]: { metaData: { buildInfo: { buildVersion: 'release-5' } } },
  'http://canary.test/chat/federation-contract.json': contract('chat', { exports: ['Button'] }),
  [REFUSED_MANIFEST]: { metaData: { buildInfo: { buildVersion: 'needs-table' } } },
  'http://refused.test/chat/federation-contract.json': contract('chat', { exports: ['Button', 'Table'] }),
  // A build from before contracts: its manifest but no contract beside it.
  [OLD_MANIFEST]: { metaData: { buildInfo: { buildVersion: 'release-1' } } },
  [config.remotes.chat]: { metaData: { buildInfo: { buildVersion: 'release-4' } } },
};
const fakeFetch = (async (url: string | URL) => {
  const body = files[String(url)];
  return body ? Response.json(body) : new Response('', { status: 404 });
}) as typeof fetch;

let canary: ShellCanary;
let base = '';
const server = createServer((req, res) => void handle(req, res));
let handle: ReturnType<typeof createCanaryEndpoint>;

/** Node's own client: the test environment's fetch is a browser's, which applies CORS. */
function send(
  method: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: () => Promise<Record<string, unknown>> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${CANARY_PATH}`, { method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: async () => JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const post = (body: object, headers: Record<string, string> = {}) =>
  send('POST', JSON.stringify(body), headers);
const start = (manifest: string) => post({ action: 'start', remote: 'chat-remote', manifest, share: 50 });

beforeAll(async () => {
  canary = await createShellCanary({
    config,
    settings: defaultCanarySettings,
    store: memoryStore(stateWith()),
    versions: knownVersions(),
    registry: new Registry(),
    log: () => {},
  });
  // The shell's server wires in scripts/check-deploy.ts (serve-app.ts), which answers from these same two.
  handle = createCanaryEndpoint(
    canary,
    async (manifest) => {
      const published = await fakeFetch(new URL(FEDERATION_CONTRACT_FILE, manifest));
      if (!published.ok) throw new Error(`its ${FEDERATION_CONTRACT_FILE} answered ${published.status}`);
      return describeProblems(
        contractProblems(shellContract, (await published.json()) as FederationContract),
      );
    },
    fakeFetch,
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

describe('/canary', () => {
  it('refuses a manifest the running shell cannot serve (the deploy check), naming what is missing', async () => {
    const refused = await start(REFUSED_MANIFEST);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ problems: ['antd: Table not provided'] });
    const old = await start(OLD_MANIFEST);
    expect(old.status).toBe(409);
    expect(JSON.stringify(await old.json())).toContain('federation-contract.json answered 404');
    expect(canary.state().canaries.chat).toBeUndefined();
  });

  it('refuses a manifest that cannot be read, and a malformed request', async () => {
    expect((await start('http://nowhere.test/mf-manifest.json')).status).toBe(422);
    expect((await post({ action: 'start', remote: 'chat', manifest: 'ftp://x', share: 50 })).status).toBe(
      400,
    );
    expect(
      (await post({ action: 'start', remote: 'evil', manifest: CANARY_MANIFEST, share: 50 })).status,
    ).toBe(400);
    expect((await send('POST', '{')).status).toBe(400);
  });

  it('answers a client that is not on this machine 403', async () => {
    expect((await send('GET', undefined, { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(403);
    expect(
      (await post({ action: 'stop', remote: 'chat' }, { 'X-Forwarded-For': '203.0.113.9' })).status,
    ).toBe(403);
  });

  it('starts a canary the shell can serve, shows it with both versions, and stops it', async () => {
    await post({ action: 'stop', remote: 'chat' });
    const started = await start(CANARY_MANIFEST);
    expect(started.status).toBe(201);
    const status = (await (await send('GET')).json()) as { canaries: unknown[] };
    expect(status.canaries[0]).toMatchObject({
      remote: 'chat',
      status: 'running',
      share: 50,
      verdict: { verdict: 'waiting' },
      arms: {
        baseline: { manifest: config.remotes.chat, version: 'release-4', sessions: 0 },
        canary: { manifest: CANARY_MANIFEST, version: 'release-5', sessions: 0 },
      },
    });
    expect((await start(CANARY_MANIFEST)).status).toBe(409);
    expect((await post({ action: 'stop', remote: 'chat' })).status).toBe(200);
    expect(canary.state().canaries.chat).toMatchObject({ status: 'stopped', share: 0 });
  });
});
