import { afterEach, describe, expect, it } from '@rstest/core';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('POST /api/testing/users', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('does not exist unless ENABLE_TEST_ENDPOINTS is on', async () => {
    t = await createTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/testing/users',
      payload: { username: 'e2e', password: 'secret' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('creates a user who can then sign in, and refuses a taken name with 422', async () => {
    t = await createTestApp({ env: { ENABLE_TEST_ENDPOINTS: 'true' } });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/testing/users',
      payload: { username: 'e2e', password: 'secret' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), username: 'e2e', image: null });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'e2e', password: 'secret' },
    });
    expect(login.statusCode).toBe(200);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/testing/users',
      payload: { username: 'E2E', password: 'other' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({
      message: 'The username has already been taken.',
      errors: { username: ['The username has already been taken.'] },
    });
  });
});
