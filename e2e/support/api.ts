import { randomUUID } from 'node:crypto';
import type { LoginResponse, Message, Room } from '@chat/shared';
import type { APIRequestContext } from '@playwright/test';

/** Fixtures create what a test needs through the real API, never through another test's UI. */
export const API_URL = process.env.API_URL ?? 'http://localhost:8000/api/';
export const APP_URL = process.env.APP_URL ?? 'http://localhost:3000';

export interface Credentials {
  username: string;
  password: string;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export const demoUser: Credentials = { username: 'demo', password: 'password' };

async function expectOk<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok())
    throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A fresh user with a unique name (needs the API's ENABLE_TEST_ENDPOINTS=true). Like every helper here, on
 * the run's API unless `api` names another (a spec's own deployment).
 */
export async function createUser(
  request: APIRequestContext,
  prefix = 'user',
  api = API_URL,
): Promise<Credentials> {
  const credentials = { username: `${prefix}-${randomUUID().slice(0, 8)}`, password: 'password' };
  await expectOk(await request.post(`${api}testing/users`, { data: credentials }));
  return credentials;
}

export async function loginToken(
  request: APIRequestContext,
  credentials: Credentials,
  api = API_URL,
): Promise<string> {
  const body = await expectOk<LoginResponse>(await request.post(`${api}auth/login`, { data: credentials }));
  return body.token;
}

export async function createRoom(
  request: APIRequestContext,
  token: string,
  room: Partial<{ name: string; description: string; max_members: number }> = {},
  api = API_URL,
): Promise<Room> {
  const data = {
    name: `Room ${randomUUID().slice(0, 8)}`,
    description: 'Created by a test fixture',
    max_members: 100,
    ...room,
  };
  return expectOk<Room>(await request.post(`${api}chatrooms`, { data, headers: bearer(token) }));
}

export async function joinRoom(
  request: APIRequestContext,
  token: string,
  roomId: number,
  api = API_URL,
): Promise<void> {
  await expectOk(
    await request.post(`${api}chatrooms/${roomId}/join`, { data: { roomId }, headers: bearer(token) }),
  );
}

export async function getRoom(request: APIRequestContext, token: string, roomId: number): Promise<Room> {
  const response = await request.get(`${API_URL}chatrooms/${roomId}`, { headers: bearer(token) });
  if (!response.ok()) throw new Error(`GET chatrooms/${roomId} answered ${response.status()}`);
  return (await response.json()) as Room;
}

export async function postMessage(
  request: APIRequestContext,
  token: string,
  roomId: number,
  content: string,
  api = API_URL,
): Promise<Message> {
  const response = await request.post(`${api}chatrooms/${roomId}/messages`, {
    data: { content },
    headers: bearer(token),
  });
  if (response.status() !== 201)
    throw new Error(`POST messages answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as Message;
}

/** The newest 100 messages of a room, as a member sees them. */
export async function messagesOf(
  request: APIRequestContext,
  token: string,
  roomId: number,
  api = API_URL,
): Promise<Message[]> {
  const response = await request.get(`${api}chatrooms/${roomId}/messages?limit=100`, {
    headers: bearer(token),
  });
  if (!response.ok()) throw new Error(`GET messages answered ${response.status()}`);
  return (await response.json()) as Message[];
}

/**
 * `count` messages `{prefix} 1` … `{prefix} {count}` by `username` (a member), through the test-only seeder
 * (one statement, so a room of thousands takes a second). Answers the newest seeded id.
 */
export async function seedMessages(
  request: APIRequestContext,
  roomId: number,
  seed: { count: number; prefix: string; username: string },
): Promise<number> {
  const response = await request.post(`${API_URL}testing/rooms/${roomId}/messages`, { data: seed });
  if (response.status() !== 201)
    throw new Error(`Seeding answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { last_id: number }).last_id;
}
