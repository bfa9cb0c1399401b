import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const hmacSha256Hex = (secret: string, data: string) =>
  createHmac('sha256', secret).update(data).digest('hex');

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Pusher's channel auth string: `{key}:{hex HMAC-SHA256(secret, "socket_id:channel")}`; a presence channel's
 * also signs the member it admits, `"socket_id:channel:channel_data"`, so the client cannot change who it is.
 */
export function signChannel(
  app: { key: string; secret: string },
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  const signed =
    channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${app.key}:${hmacSha256Hex(app.secret, signed)}`;
}

export function verifyChannelAuth(
  app: { key: string; secret: string },
  socketId: string,
  channel: string,
  auth: unknown,
  channelData?: string,
): boolean {
  return typeof auth === 'string' && safeEqual(auth, signChannel(app, socketId, channel, channelData));
}

/**
 * Pusher's user sign-in string (`pusher:signin`): `{key}:{hex HMAC-SHA256(secret, "socket_id::user::user_data")}`,
 * so the client cannot change who it signs in as (`user_data` is JSON, its `id` the user's).
 */
export function signUser(app: { key: string; secret: string }, socketId: string, userData: string): string {
  return `${app.key}:${hmacSha256Hex(app.secret, `${socketId}::user::${userData}`)}`;
}

export function verifyUserAuth(
  app: { key: string; secret: string },
  socketId: string,
  userData: unknown,
  auth: unknown,
): boolean {
  return (
    typeof userData === 'string' &&
    typeof auth === 'string' &&
    safeEqual(auth, signUser(app, socketId, userData))
  );
}

/** Requests older or newer than this are refused, so a captured publish cannot be replayed later. */
const MAX_CLOCK_SKEW_SECONDS = 600;

/**
 * Checks a Pusher HTTP API request signature: HMAC over "METHOD\npath\nsorted query without auth_signature",
 * plus the key, the timestamp window and the body's MD5. Returns the reason it fails, or null when valid.
 */
export function verifySignedRequest(
  app: { key: string; secret: string },
  request: { method: string; path: string; query: URLSearchParams; body: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): string | null {
  const params = Object.fromEntries(request.query);
  if (params.auth_key !== app.key) return 'Unknown auth_key';
  if (params.auth_version !== '1.0') return 'Unsupported auth_version';
  // Unix seconds only: a missing or non-numeric timestamp compared as NaN, which is never "too old", so a
  // request signed with one could be replayed for ever.
  if (!/^\d{1,12}$/.test(params.auth_timestamp ?? '')) return 'Invalid auth_timestamp';
  if (Math.abs(nowSeconds - Number(params.auth_timestamp)) > MAX_CLOCK_SKEW_SECONDS)
    return 'Timestamp expired';
  if (request.body && params.body_md5 !== createHash('md5').update(request.body).digest('hex')) {
    return 'Invalid body_md5';
  }
  const { auth_signature: signature, ...signed } = params;
  const canonical = Object.keys(signed)
    .sort()
    .map((name) => `${name}=${signed[name]}`)
    .join('&');
  const expected = hmacSha256Hex(
    app.secret,
    `${request.method.toUpperCase()}\n${request.path}\n${canonical}`,
  );
  return signature && safeEqual(signature, expected) ? null : 'Invalid signature';
}
