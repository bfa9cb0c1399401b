import type { APIRequestContext } from '@playwright/test';
import { createRoom } from '../support/api';
import { type AppServer, serveApp } from '../support/app-server';
import { expect, test } from '../support/fixtures';
import { extraPorts, origin, productionStack as stack } from '../support/stack';

/**
 * Shells of their own (on the failure specs' ports, which the API admits), so their /metrics hold only what
 * this spec's pages reported: one beside the stack's remotes, one whose chat remote answers nothing.
 */
const HEALTHY_SHELL = extraPorts.isolatedShell;
const CHATLESS_SHELL = extraPorts.chatlessShell;

/** The series this shell's server exposes now (read from loopback, which it admits), as lines. */
async function series(request: APIRequestContext, shell: AppServer): Promise<string[]> {
  const response = await request.get(`${shell.url}/metrics`);
  expect(response.status()).toBe(200);
  return (await response.text()).split('\n');
}

/** A series' value, 0 when the server has no such series yet. */
const seriesValue = (lines: string[], name: string) =>
  Number(lines.find((line) => line.startsWith(`${name} `))?.split(' ')[1] ?? 0);

test.describe('every remote reports its health by version', () => {
  let healthy: AppServer;
  let chatless: AppServer;

  test.beforeAll(async () => {
    healthy = await serveApp('shell', HEALTHY_SHELL);
    chatless = await serveApp('shell', CHATLESS_SHELL, {
      CHAT_REMOTE_URL: `${origin(extraPorts.missingChat)}/mf-manifest.json`,
    });
  });

  test.afterAll(async () => {
    await healthy.stop();
    await chatless.stop();
  });

  test("a room opened: the chat remote's loads and web vitals under its manifest's version", async ({
    userPage: page,
    request,
    token,
  }) => {
    const manifest = await request.get(`${origin(stack['chat-remote'])}/mf-manifest.json`);
    const { buildVersion } = (
      (await manifest.json()) as { metaData: { buildInfo: { buildVersion: string } } }
    ).metaData.buildInfo;
    const room = await createRoom(request, token);
    await page.goto(`${healthy.url}/?room=${room.id}`);
    await expect(page.getByRole('button', { name: 'Leave Room' })).toBeVisible();
    // Hidden: the last beacon goes, with the screen's LCP and CLS (web-vitals reports them then).
    await page.close({ runBeforeUnload: true });

    const chat = `remote="chat",version="${buildVersion}"`;
    await expect
      .poll(async () => {
        const lines = await series(request, healthy);
        return {
          module: seriesValue(lines, `frontend_remote_loads_total{${chat},stage="module",outcome="ok"}`),
          manifest: seriesValue(lines, `frontend_remote_loads_total{${chat},stage="manifest",outcome="ok"}`),
          lcp: seriesValue(lines, `frontend_web_vitals_seconds_count{${chat},metric="LCP"}`),
          cls: seriesValue(lines, `frontend_web_vitals_cls_count{${chat}}`),
        };
      })
      .toEqual({ module: 1, manifest: 1, lcp: 1, cls: 1 });
  });

  test('a remote that cannot load is counted as failed loads, under `other` (no manifest, no version)', async ({
    userPage: page,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    await page.goto(`${chatless.url}/?room=${room.id}`);
    await expect(page.getByText('The chat room is unavailable right now.')).toBeVisible();

    const chat = 'remote="chat",version="other"';
    await expect
      .poll(async () => {
        const lines = await series(request, chatless);
        return {
          manifest:
            seriesValue(lines, `frontend_remote_loads_total{${chat},stage="manifest",outcome="error"}`) > 0,
          module:
            seriesValue(lines, `frontend_remote_loads_total{${chat},stage="module",outcome="error"}`) > 0,
          load: seriesValue(lines, `frontend_errors_total{${chat},kind="load"}`) > 0,
        };
      })
      .toEqual({ manifest: true, module: true, load: true });
  });

  test('the series are served to this machine only, and a hostile beacon is a 4xx', async ({ request }) => {
    const forwarded = await request.get(`${healthy.url}/metrics`, {
      headers: { 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(forwarded.status()).toBe(403);
    const hostile = await request.post(`${healthy.url}/beacon`, {
      data: '{"session":"x","loads":"<script>"}',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(hostile.status()).toBe(400);
  });
});
