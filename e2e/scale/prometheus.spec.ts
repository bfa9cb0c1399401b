import type { APIRequestContext } from '@playwright/test';
import { bearer, createRoom, createUser, joinRoom, loginToken } from '../support/api';
import { expect, signIn, test } from '../support/fixtures';
import { apiProcessUrl, scaleLayout } from '../support/scale';
import { origin, scaleStack } from '../support/stack';

const prometheus = `http://127.0.0.1:${scaleLayout.prometheus?.port}`;
const [apiA, apiB] = scaleLayout.apiProcesses as [number, number];
/** The supervisor's names, which the generated configuration gives each target as `service`. */
const SERVICES = ['api-a', 'api-b', 'shell', 'soketi-a', 'soketi-b'];

interface Target {
  scrapePool: string;
  scrapeUrl: string;
  health: string;
  lastError: string;
  labels: Record<string, string>;
}
interface Series {
  metric: Record<string, string>;
  value: [number, string];
}

async function activeTargets(request: APIRequestContext): Promise<Target[]> {
  const response = await request.get(`${prometheus}/api/v1/targets?state=active`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { activeTargets: Target[] } }).data.activeTargets;
}

/** One process's own count of `series` (exactly as Prometheus names it), read from its /metrics now. */
async function processCount(request: APIRequestContext, port: number, series: string): Promise<number> {
  const response = await request.get(`http://127.0.0.1:${port}/metrics`);
  expect(response.ok()).toBe(true);
  const line = (await response.text()).split('\n').find((text) => text.startsWith(`${series} `));
  return Number(line?.split(' ')[1] ?? 0);
}

/** An instant query's series, each as `service` → its value. */
async function query(request: APIRequestContext, promql: string): Promise<Record<string, number>> {
  const response = await request.get(`${prometheus}/api/v1/query`, { params: { query: promql } });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { result: Series[] } };
  return Object.fromEntries(data.result.map(({ metric, value }) => [metric.service, Number(value[1])]));
}

test('Prometheus scrapes both API processes and both Soketi nodes, and holds what a send moved', async ({
  request,
}) => {
  const [ann, ben] = [await createUser(request, 'ann'), await createUser(request, 'ben')];
  const [annToken, benToken] = [await loginToken(request, ann), await loginToken(request, ben)];
  const room = await createRoom(request, annToken);
  await joinRoom(request, benToken, room.id);
  // The other specs of the run send too: what each process had counted before this one's sends.
  const processes = { 'api-a': apiA, 'api-b': apiB };
  const SENDS = 'http_requests_total{method="POST",route="/api/chatrooms/:id/messages",status_code="201"}';
  const before = { messages: { 'api-a': 0, 'api-b': 0 }, requests: { 'api-a': 0, 'api-b': 0 } };
  for (const [service, port] of Object.entries(processes) as [keyof typeof processes, number][]) {
    before.messages[service] = await processCount(request, port, 'chat_messages_sent_total');
    before.requests[service] = await processCount(request, port, SENDS);
  }
  // Past the balancer, so each process stores messages and publishes them to its own Soketi node.
  const sent = { 'api-a': 2, 'api-b': 3 };
  for (const [service, port] of Object.entries(processes) as [keyof typeof processes, number][]) {
    for (let i = 0; i < sent[service]; i++) {
      const response = await request.post(`${apiProcessUrl(port)}chatrooms/${room.id}/messages`, {
        data: { content: `${service} ${i}` },
        headers: bearer(i % 2 ? benToken : annToken),
      });
      expect(response.status()).toBe(201);
    }
  }

  // Every target scraped, and healthy.
  await expect
    .poll(async () =>
      (await activeTargets(request))
        .map((target) => `${target.labels.service} ${target.scrapeUrl} ${target.health} ${target.lastError}`)
        .sort(),
    )
    .toEqual([
      `api-a http://127.0.0.1:${apiA}/metrics up `,
      `api-b http://127.0.0.1:${apiB}/metrics up `,
      `shell http://127.0.0.1:${scaleLayout.frontEnds.shell}/metrics up `,
      ...scaleLayout.soketiNodes.map(
        (node, index) => `soketi-${'ab'[index]} http://127.0.0.1:${node.metricsPort}/metrics up `,
      ),
    ]);
  await expect.poll(() => query(request, 'up')).toEqual(Object.fromEntries(SERVICES.map((s) => [s, 1])));
  for (const target of await activeTargets(request))
    console.log(`prometheus target ${target.labels.service} ${target.scrapeUrl}: ${target.health}`);

  // This spec's sends, as each process counted them and Prometheus scraped them.
  const plusSent = (counts: typeof sent) => ({
    'api-a': counts['api-a'] + sent['api-a'],
    'api-b': counts['api-b'] + sent['api-b'],
  });
  await expect.poll(() => query(request, 'chat_messages_sent_total')).toEqual(plusSent(before.messages));
  await expect.poll(() => query(request, SENDS)).toEqual(plusSent(before.requests));
  await expect
    .poll(async () => Object.keys(await query(request, 'chat_publish_duration_seconds_count > 0')).sort())
    .toEqual(['api-a', 'api-b']);
  // node-postgres closes connections idle for 10 s: some were open in the last minute.
  const poolUsed = 'max_over_time(chat_db_pool_connections{state="total"}[1m]) > 0';
  await expect
    .poll(async () => Object.keys(await query(request, poolUsed)).sort())
    .toEqual(['api-a', 'api-b']);
  await expect
    .poll(async () => Object.keys(await query(request, 'nodejs_eventloop_lag_seconds')).sort())
    .toEqual(['api-a', 'api-b']);
  // Each node took its process's publishes through the Pusher HTTP API.
  await expect
    .poll(async () => Object.keys(await query(request, 'soketi_http_calls_received_total > 0')).sort())
    .toEqual(['soketi-a', 'soketi-b']);
});

test('the API balancer passes /metrics on only for a client on this machine', async ({ request }) => {
  const throughBalancer = `${origin(scaleStack.api)}/metrics`;
  const local = await request.get(throughBalancer);
  expect(local.status()).toBe(200);
  expect(await local.text()).toContain('http_requests_total');
  // A client elsewhere reaches the process from the balancer's loopback address, named in X-Forwarded-For.
  const forwarded = await request.get(throughBalancer, { headers: { 'X-Forwarded-For': '203.0.113.7' } });
  expect(forwarded.status()).toBe(403);
  expect(await forwarded.json()).toEqual({ message: 'Metrics are served to this machine only.' });
});

test("Prometheus holds the browsers' remote health the shell's server counted", async ({
  browser,
  request,
}) => {
  const user = await createUser(request, 'health');
  const token = await loginToken(request, user);
  const room = await createRoom(request, token);
  const context = await browser.newContext();
  await signIn(context, token);
  const page = await context.newPage();
  await page.goto(`${origin(scaleStack.shell)}/?room=${room.id}`);
  await expect(page.getByRole('heading', { name: `Chat Room: ${room.name}` })).toBeVisible();
  // Hidden, the page sends what it has at once.
  await context.close();
  await expect
    .poll(
      async () =>
        query(request, 'sum by (service, remote) (frontend_remote_loads_total{stage="module",outcome="ok"})'),
      {
        timeout: 30_000,
      },
    )
    .toMatchObject({ shell: expect.any(Number) });
});
