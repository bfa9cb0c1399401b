import type { AllowList } from './address-rules';
import type { Resolver } from './resolver';

/** What the issue fixes for every request made on a user's behalf; tests shorten the time. */
export const FETCH_TIMEOUT_MS = 3000;
export const FETCH_MAX_BYTES = 1024 * 1024;
export const FETCH_MAX_REDIRECTS = 3;

export interface FetchRules {
  resolver: Resolver;
  allowList: AllowList;
  /** Names the product, so a site's operator can tell who asked and how to refuse it. */
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export type RefusalReason =
  | 'scheme'
  | 'credentials'
  | 'port'
  | 'unresolved'
  | 'address'
  | 'redirects'
  | 'status'
  | 'type'
  | 'too_large'
  | 'timeout'
  | 'network';

/** A URL or answer the fetcher would not use; `reason` for the log and the tests, never shown in a room. */
export class FetchRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    detail = '',
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'FetchRefused';
  }
}
