import { expect, test } from '../support/fixtures';

test.describe('routes (spec section 2)', () => {
  test('/auth/ always lands on /auth/login', async ({ page }) => {
    await page.goto('/auth/');
    await expect(page).toHaveURL('/auth/login');
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  });

  test('an unknown path shows Not Found', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Not Found')).toBeVisible();
  });

  test('an anonymous visitor of / is sent to sign in', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/auth/login');
  });

  test('a signed-in visitor of /auth goes home', async ({ userPage: page }) => {
    await page.goto('/auth/login');
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Room Lists')).toBeVisible();
  });

  test('"Verifying..." shows while the session is checked', async ({ userPage: page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByText('Verifying...')).toBeVisible();
    release();
    await expect(page.getByText('Room Lists')).toBeVisible();
  });

  test('every remote renders inside the one dark, green theme with React loaded once', async ({
    userPage: page,
  }) => {
    await page.goto('/');
    const createRoom = page.getByRole('button', { name: 'Create Room' });
    await expect(createRoom).toBeVisible();
    // The dark algorithm derives the exact shade from the green seed; assert it stays green.
    const [red = 0, green = 0, blue = 0] =
      (await createRoom.evaluate((button) => getComputedStyle(button).backgroundColor))
        .match(/\d+/g)
        ?.map(Number) ?? [];
    expect(green).toBeGreaterThan(1.5 * Math.max(red, blue));
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    if (process.env.E2E_DEPLOYMENT === 'monolith') return; // one bundle: nothing federated to check
    // Every federation instance (shell and each loaded remote) must resolve React to the shell's copy.
    const reactProviders = await page.evaluate(() => {
      type Share = Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>;
      const share = (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, Share> } }).__FEDERATION__
        ?.__SHARE__;
      return Object.entries(share ?? {}).flatMap(([instance, scopes]) =>
        Object.entries(scopes.default?.react ?? {})
          .filter(([, info]) => info.loaded)
          .map(([version, info]) => `${instance.split(':')[0]} uses react ${version} from ${info.from}`),
      );
    });
    expect(reactProviders.some((line) => /^rooms uses react \S+ from shell$/.test(line))).toBe(true);
    expect(new Set(reactProviders.map((line) => line.split(' from ')[1]))).toEqual(new Set(['shell']));
  });
});
