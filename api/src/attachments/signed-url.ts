import { createHmac, timingSafeEqual } from 'node:crypto';

export const ATTACHMENT_ROUTE = '/api/attachments';

/**
 * Expiry is rounded up to this step so a message keeps the same link across refetches within a window:
 * the browser cache and React's reconciliation both see a stable URL.
 */
const EXPIRY_STEP_SECONDS = 300;

const signatureOf = (key: string, name: string, expires: number) =>
  createHmac('sha256', key).update(`${ATTACHMENT_ROUTE}/${name}?expires=${expires}`).digest('hex');

export interface UrlSigner {
  sign(name: string): string;
  verify(name: string, expires: string | undefined, signature: string | undefined): boolean;
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
    sign(name) {
      const expires =
        Math.ceil((nowSeconds() + options.ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
      const signature = signatureOf(options.appKey, name, expires);
      return `${options.appUrl}${ATTACHMENT_ROUTE}/${name}?expires=${expires}&signature=${signature}`;
    },
    verify(name, expires, signature) {
      if (!expires || !/^\d{1,12}$/.test(expires) || !signature || !/^[0-9a-f]{64}$/.test(signature))
        return false;
      if (Number(expires) < nowSeconds()) return false;
      const expected = Buffer.from(signatureOf(options.appKey, name, Number(expires)), 'hex');
      return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
    },
  };
}
