import { routes } from '@chat/shared/constants';
import { createRoom } from '../support/api';
import { openRoom, send } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { frontEndApps, origin, productionStack, stackEnv } from '../support/stack';

const stack = process.env.APP_URL === origin(productionStack.shell) ? productionStack : undefined;
const servers = stack ? frontEndApps.map((app) => ({ app, url: origin(stack[app]) })) : [];

test.describe('what every static server sends', () => {
  test.skip(!stack, 'the bench deployments serve the same script; checked on the e2e stack');

  for (const { app, url } of servers) {
    test(`${app}: security headers, a CSP on the page, compressed assets`, async ({ request }) => {
      const page = await request.get(`${url}/`);
      expect(page.status()).toBe(200);
      const headers = page.headers();
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options']).toBe('DENY');
      const csp = headers['content-security-policy'] ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      // A fresh nonce per page, written into the page for antd's style elements.
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(await page.text()).toContain(`content="${nonce}"`);
      const again = (await request.get(`${url}/`)).headers()['content-security-policy'];
      expect(again).not.toBe(csp);

      // The biggest script the page loads, as each kind of browser asks for it.
      const manifestUrl = stackEnv(productionStack)[`${app.split('-')[0]?.toUpperCase()}_REMOTE_URL`];
      const html = await page.text();
      const script = /src="([^"]+\.js)"/.exec(html)?.[1] ?? '';
      const scriptUrl = new URL(script, `${url}/`).href;
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const answer = await request.get(scriptUrl, { headers: { 'Accept-Encoding': accept } });
        expect(answer.status()).toBe(200);
        expect(answer.headers()['content-encoding']).toBe(encoding);
        expect(answer.headers().vary).toBe('Accept-Encoding');
        expect(answer.headers()['x-content-type-options']).toBe('nosniff');
        // Whatever the encoding, what arrives (decoded by the client) is the same script.
        expect((await answer.body()).length).toBeGreaterThan(0);
      }
      if (app !== 'shell' && manifestUrl) {
        const manifest = await request.get(manifestUrl, { headers: { 'Accept-Encoding': 'br' } });
        expect(manifest.headers()['access-control-allow-origin']).toBe('*');
        expect(manifest.headers()['cache-control']).toBe('no-cache');
      }
    });
  }
});

test('the whole flow runs under the CSP without one violation', async ({
  userPage: page,
  request,
  token,
}) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { cspViolations: string[] }).cspViolations ??= [];
      (window as unknown as { cspViolations: string[] }).cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const collect = async () => {
    violations.push(
      ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])),
    );
  };

  await page.goto(routes.home);
  await expect(page.getByText('Room Lists')).toBeVisible();
  await page.getByRole('button', { name: 'Create Room' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Room' })).toBeVisible();
  await page.keyboard.press('Escape');
  await collect();

  const room = await createRoom(request, token);
  await openRoom(page, room.id);
  await send(page, 'under the policy');
  await expect(page.getByRole('article').filter({ hasText: 'under the policy' })).toBeVisible();
  await collect();

  expect(violations).toEqual([]);
});
