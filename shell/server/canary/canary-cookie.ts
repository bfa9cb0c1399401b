import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RemoteName } from '@chat/shared';
import { remoteNames } from '@chat/shared/config-from-env';
import { type Arm, arms } from './canary-state';

/** The browser's arm per remote with a running canary: signed by the server, so a beacon cannot pick one. */
export const CANARY_COOKIE = 'chat-canary';
/** A real cookie holds at most three short entries; anything longer is not ours. */
const MAX_COOKIE_LENGTH = 512;
const COOKIE_DAYS = 30;

export type Assignments = Partial<Record<RemoteName, { id: string; arm: Arm }>>;

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/** `<payload>.<HMAC-SHA256 of it>`, the payload base64url JSON: `{"chat":{"id":"…","arm":"canary"}}`. */
export function signAssignments(secret: string, assignments: Assignments): string {
  const payload = Buffer.from(JSON.stringify(assignments)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

const isAssignment = (value: unknown): value is { id: string; arm: Arm } => {
  const entry = value as { id?: unknown; arm?: unknown } | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    Object.keys(entry).length === 2 &&
    typeof entry.id === 'string' &&
    /^[a-f0-9]{1,32}$/.test(entry.id) &&
    (arms as readonly unknown[]).includes(entry.arm)
  );
};

/** The assignments a cookie value holds, or null when it is malformed, too long or not signed with `secret`. */
export function verifyAssignments(secret: string, value: string | undefined): Assignments | null {
  if (!value || value.length > MAX_COOKIE_LENGTH) return null;
  const dot = value.lastIndexOf('.');
  const payload = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64url');
  const expected = Buffer.from(sign(secret, payload), 'base64url');
  if (dot < 1 || signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const entries = Object.entries(parsed);
    const valid = entries.every(
      ([remote, entry]) => (remoteNames as readonly string[]).includes(remote) && isAssignment(entry),
    );
    return valid ? (parsed as Assignments) : null;
  } catch {
    return null;
  }
}

/** The `chat-canary` value in a Cookie header (the first: a browser sends the most specific path first). */
export function readCanaryCookie(header: string | undefined): string | undefined {
  let found: string | undefined;
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === CANARY_COOKIE) found ??= part.slice(at + 1).trim();
  }
  return found;
}

/** HttpOnly (the page never reads it), SameSite=Lax (sent with the same-origin beacon), kept for 30 days. */
export function canaryCookieHeader(value: string, secure: boolean): string {
  return [
    `${CANARY_COOKIE}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${COOKIE_DAYS * 24 * 3600}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
