import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { buildApp } from '../app';
import { createTestApp, type TestApp, testConfig } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';

describe('error answers', () => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await t.signIn());
  });
  afterAll(() => t.close());

  const postRoom = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/chatrooms',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });

  it('answers malformed JSON with a 400 Laravel body and no stack trace', async () => {
    const response = await postRoom('{"name": "x",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('reads an empty JSON body as {}, so validation answers 422', async () => {
    const response = await postRoom('');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['name', 'description', 'max_members']);
  });

  it('answers a JSON array or string body with 422, not a crash', async () => {
    for (const payload of ['[1,2]', '"text"', 'null']) {
      const response = await postRoom(payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await postRoom('<room/>', 'application/xml');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Unsupported Media Type' });
  });

  it('answers unknown routes with 404 {"message":"Not Found"}', async () => {
    for (const url of ['/api/nope', '/nope', '/api/chatrooms/1/nope']) {
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('hides unexpected failures behind 500 {"message":"Server Error"}', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), { db: database.db, logger: false });
    app.get('/boom', async () => {
      throw new Error('secret internal detail at /srv/app.ts:12');
    });
    const response = await app.inject({ url: '/boom' });
    await app.close();
    await database.dispose();
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe('{"message":"Server Error"}');
  });
});

describe('API throttle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_THROTTLE_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 "Too Many Attempts." with Retry-After once a user spends the budget', async () => {
    const { headers } = await t.signIn();
    const codes: number[] = [];
    for (let n = 0; n < 4; n++) codes.push((await t.app.inject({ url: '/api/me', headers })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const throttled = await t.app.inject({ url: '/api/me', headers });
    expect(throttled.json()).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    const { headers: someoneElse } = await t.signIn();
    expect((await t.app.inject({ url: '/api/me', headers: someoneElse })).statusCode).toBe(200);
  });
});
