import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 30 random bytes = 240 bits, written as 40 URL-safe characters like Sanctum's. */
export const newTokenSecret = () => randomBytes(30).toString('base64url');

export const hashTokenSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const formatToken = (id: number, secret: string) => `${id}|${secret}`;

/** Splits `Authorization: Bearer {id}|{secret}`; anything else is simply no token. */
export function parseBearerToken(header: string | undefined): { id: number; secret: string } | null {
  const match = /^Bearer\s+(\d{1,9})\|([A-Za-z0-9_-]{20,128})$/.exec(header?.trim() ?? '');
  if (!match?.[1] || !match[2]) return null;
  return { id: Number(match[1]), secret: match[2] };
}

export function tokenMatches(storedHash: string, secret: string): boolean {
  return timingSafeEqual(Buffer.from(storedHash, 'hex'), Buffer.from(hashTokenSecret(secret), 'hex'));
}
