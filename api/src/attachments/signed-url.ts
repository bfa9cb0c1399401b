import { createHmac, timingSafeEqual } from 'node:crypto';

export const ATTACHMENT_ROUTE = '/api/attachments';

/**
 * Expiry is rounded up to this step so a message keeps the same link across refetches within a window:
 * the browser cache and React's reconciliation both see a stable URL.
 */
const EXPIRY_STEP_SECONDS = 300;

/**
 * Whom a link is handed to when the image is a private room's or a direct message's: the link opens for that
 * member only, and only while they are still in `roomId` (the route checks; see routes/attachments).
 */
export interface LinkReader {
  roomId: number;
  userId: number;
}

/** What the HMAC covers: a public room's link exactly as before readers were signed, so old links still open. */
const signedPart = (name: string, expires: number, reader: LinkReader | null) =>
  `${ATTACHMENT_ROUTE}/${name}?expires=${expires}` +
  (reader ? `&room=${reader.roomId}&user=${reader.userId}` : '');

const signatureOf = (key: string, name: string, expires: number, reader: LinkReader | null) =>
  createHmac('sha256', key)
    .update(signedPart(name, expires, reader))
    .digest('hex');

const ID = /^[1-9]\d{0,9}$/;

export interface LinkQuery {
  expires?: string;
  room?: string;
  user?: string;
  signature?: string;
}

/** A link's verdict: `reader` is whom it was signed for (null: anyone holding it, a public room's image). */
export type Verified = { valid: false } | { valid: true; reader: LinkReader | null };

export interface UrlSigner {
  /** Without `reader`: a link anyone holding it may open (a public room's image). */
  sign(name: string, reader?: LinkReader | null): string;
  verify(name: string, query: LinkQuery): Verified;
}

/** Links that work in a new tab without headers, for a limited time, and cannot be guessed for others' files. */
export function createUrlSigner(options: {
  appUrl: string;
  appKey: string;
  ttlSeconds: number;
  now?: () => number;
}): UrlSigner {
  const nowSeconds = () => Math.floor((options.now ?? Date.now)() / 1000);
  return {
    sign(name, reader = null) {
      const expires =
        Math.ceil((nowSeconds() + options.ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
      const signature = signatureOf(options.appKey, name, expires, reader);
      return `${options.appUrl}${signedPart(name, expires, reader)}&signature=${signature}`;
    },
    verify(name, { expires, room, user, signature }) {
      const invalid = { valid: false } as const;
      if (!expires || !/^\d{1,12}$/.test(expires) || !signature || !/^[0-9a-f]{64}$/.test(signature))
        return invalid;
      if (Number(expires) < nowSeconds()) return invalid;
      // Both or neither: a link names its reader whole, or is a public room's.
      if ((room === undefined) !== (user === undefined)) return invalid;
      if (room !== undefined && !(ID.test(room) && ID.test(user as string))) return invalid;
      const reader = room === undefined ? null : { roomId: Number(room), userId: Number(user) };
      const expected = Buffer.from(signatureOf(options.appKey, name, Number(expires), reader), 'hex');
      return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? { valid: true, reader } : invalid;
    },
  };
}
