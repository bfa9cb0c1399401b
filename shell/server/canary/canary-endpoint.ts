import type { IncomingMessage, ServerResponse } from 'node:http';
import { isFromThisMachine } from '../metrics-endpoint';
import { readBoundedBody } from '../read-bounded-body';
import { type AdminAnswer, type CheckDeploy, canaryStatus, startCanary, stopCanary } from './canary-admin';
import type { ShellCanary } from './create-shell-canary';

export const CANARY_PATH = '/canary';
const MAX_BODY_BYTES = 4 * 1024;

/** The admin request's JSON object, or null when it is too long, not JSON or not an object. */
async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const body = await readBoundedBody(req, MAX_BODY_BYTES);
  if (body === null) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * `GET /canary` (the status) and `POST /canary` (`{ action: "start", remote, manifest, share }` or
 * `{ action: "stop", remote }`), for `pnpm canary` on this machine only: 403 to anyone else, as /metrics.
 */
export function createCanaryEndpoint(
  canary: ShellCanary,
  checkDeploy: CheckDeploy,
  fetchImpl: typeof fetch = fetch,
) {
  async function answer(req: IncomingMessage): Promise<AdminAnswer> {
    if (!isFromThisMachine(req))
      return { status: 403, body: { error: 'The canary is run from this machine only.' } };
    if (req.method === 'GET') return { status: 200, body: canaryStatus(canary) };
    if (req.method !== 'POST') return { status: 405, body: { error: 'GET or POST' } };
    const input = await readJson(req);
    if (input?.action === 'start') return startCanary(canary, input, checkDeploy, fetchImpl);
    if (input?.action === 'stop') return stopCanary(canary, input);
    return { status: 400, body: { error: 'expected JSON { action: "start" | "stop", … }' } };
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let result: AdminAnswer;
    try {
      result = await answer(req);
    } catch (error) {
      console.error('[canary]', error);
      result = { status: 500, body: { error: (error as Error).message } };
    }
    res.writeHead(result.status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(result.body, null, 2));
  };
}
