import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { captureLog } from '../testing/log-capture';
import { multipart } from '../testing/multipart';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Inputs that used to pass validation and fail in PostgreSQL (500 plus a logged stack trace): each now gets a
 * 4xx in the API's error shape and nothing is logged at error level.
 */
describe('input PostgreSQL would refuse', () => {
  const log = captureLog();
  let t: TestApp;
  let member: Awaited<ReturnType<TestApp['signIn']>>;
  let roomId: number;
  let logged = 0;

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...member.headers, ...headers },
      payload: payload as string,
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { ENABLE_TEST_ENDPOINTS: 'true' }, logger: log.logger });
    member = await t.signIn();
    roomId = (await post('/api/chatrooms', { name: 'Room', description: 'd', max_members: 10 })).json().id;
  });
  afterEach(() => {
    expect(log.errorsSince(logged)).toEqual([]);
    logged = log.lines.length;
  });
  afterAll(() => t.close());

  describe('infinite numbers in integer fields', () => {
    it.each(['Infinity', '-Infinity', '1e309'])(
      'answers 404 for room id %s in every room path',
      async (id) => {
        for (const [method, url] of [
          ['GET', `/api/chatrooms/${id}`],
          ['POST', `/api/chatrooms/${id}/join`],
          ['POST', `/api/chatrooms/${id}/leave`],
          ['GET', `/api/chatrooms/${id}/messages`],
          ['POST', `/api/chatrooms/${id}/messages`],
          ['POST', `/api/testing/rooms/${id}/messages`],
        ] as const) {
          const response = await t.app.inject({
            method,
            url,
            headers: member.headers,
            payload: { content: 'x' },
          });
          expect(response.statusCode, `${method} ${url}`).toBe(404);
          expect(response.json()).toEqual({ message: 'Not Found' });
        }
      },
    );

    it.each([
      ['limit', 'Infinity'],
      ['limit', '1e309'],
      ['after_id', 'Infinity'],
      ['after_id', '-Infinity'],
      ['before_id', '1e309'],
      ['before_id', '-1e309'],
    ])('answers 422 for %s=%s', async (name, value) => {
      const response = await t.app.inject({
        url: `/api/chatrooms/${roomId}/messages?${name}=${value}`,
        headers: member.headers,
      });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([name]);
    });

    it.each([
      ['a JSON string', { name: 'r', description: 'd', max_members: 'Infinity' }, {}],
      ['a JSON string', { name: 'r', description: 'd', max_members: '1e309' }, {}],
      [
        'a JSON number',
        '{"name":"r","description":"d","max_members":1e309}',
        { 'content-type': 'application/json' },
      ],
      [
        'a form field',
        'name=r&description=d&max_members=-Infinity',
        { 'content-type': 'application/x-www-form-urlencoded' },
      ],
    ])('answers 422 for an infinite max_members as %s', async (_how, payload, headers) => {
      const response = await post('/api/chatrooms', payload, headers);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        max_members: ['Max Members must be a whole number between 2 and 1000.'],
      });
    });

    it('answers 422 for an infinite count or user_id of the bulk seeder', async () => {
      const response = await post(`/api/testing/rooms/${roomId}/messages`, {
        count: 'Infinity',
        user_id: '1e309',
      });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors).sort()).toEqual(['count', 'user_id']);
    });
  });

  describe('the NUL character in text', () => {
    it('answers 422 on the login username, as JSON and as a form', async () => {
      for (const response of [
        await post('/api/auth/login', { username: 'ann\u0000', password: 'password' }),
        await post('/api/auth/login', 'username=ann%00&password=password', {
          'content-type': 'application/x-www-form-urlencoded',
        }),
      ]) {
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({
          message: 'The username field must not contain NUL characters.',
          errors: { username: ['The username field must not contain NUL characters.'] },
        });
      }
    });

    it("answers 422 on a room's name and description", async () => {
      const response = await post('/api/chatrooms', {
        name: 'a\u0000b',
        description: '\u0000',
        max_members: 5,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        name: ['The name field must not contain NUL characters.'],
        description: ['The description field must not contain NUL characters.'],
      });
    });

    it("answers 422 on a message's content, as JSON and as multipart", async () => {
      const form = await multipart({ content: 'hi\u0000' });
      for (const response of [
        await post(`/api/chatrooms/${roomId}/messages`, { content: 'hi\u0000' }),
        await post(`/api/chatrooms/${roomId}/messages`, form.payload, form.headers),
      ]) {
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({
          content: ['The content field must not contain NUL characters.'],
        });
      }
    });
  });

  describe('client_msg_id', () => {
    it.each([
      'urn:uuid:123e4567-e89b-12d3-a456-426614174000',
      '{123e4567-e89b-12d3-a456-426614174000}',
      '123e4567e89b12d3a456426614174000',
    ])('answers 422 for the non-canonical UUID %s', async (id) => {
      const response = await post(`/api/chatrooms/${roomId}/messages`, { content: 'x', client_msg_id: id });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        client_msg_id: ['The client msg id field must be a valid UUID.'],
      });
    });

    it('accepts the canonical form in either case', async () => {
      const response = await post(`/api/chatrooms/${roomId}/messages`, {
        content: 'x',
        client_msg_id: '123E4567-E89B-12D3-A456-426614174000',
      });
      expect(response.statusCode).toBe(201);
    });
  });

  describe('malformed multipart', () => {
    it('answers 400 for no boundary, a foreign boundary, a truncated body and garbage', async () => {
      const form = await multipart({ content: 'hello' });
      for (const [payload, contentType] of [
        [form.payload, 'multipart/form-data'],
        [form.payload, 'multipart/form-data; boundary=elsewhere'],
        [form.payload.subarray(0, form.payload.length - 12), form.headers['content-type']],
        [Buffer.from('--x\r\n\u0000\u0000garbage'), form.headers['content-type']],
      ] as const) {
        const response = await post(`/api/chatrooms/${roomId}/messages`, payload, {
          'content-type': contentType,
        });
        expect(response.statusCode, contentType).toBe(400);
        expect(response.json()).toEqual({ message: 'The request body is not valid multipart/form-data.' });
      }
    });

    it('still accepts a well-formed one', async () => {
      const form = await multipart({ content: 'hello' });
      expect((await post(`/api/chatrooms/${roomId}/messages`, form.payload, form.headers)).statusCode).toBe(
        201,
      );
    });
  });

  it('validates a message sent with no body at all, or as another type', async () => {
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: member.headers,
    });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual({ content: ['The content field is required.'] });
    const text = await post(`/api/chatrooms/${roomId}/messages`, 'hello', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(422);
  });
});
