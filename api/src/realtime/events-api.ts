import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_BATCH_EVENTS } from './publisher';
import { verifySignedRequest } from './signatures';

const MAX_BODY_BYTES = 100 * 1024;
/** A full batch: its events' data, each up to the limit and JSON-escaped inside the body (quotes doubled). */
const MAX_BATCH_BODY_BYTES = 256 * 1024;
/** Pusher's own limit on one event's data. */
const MAX_DATA_BYTES = 10 * 1024;

export interface EventsApiTarget {
  app: { id: string; key: string; secret: string };
  broadcast(channels: string[], event: string, data: string, exceptSocketId?: string): void;
  terminateUser(userId: string): void;
}

interface TriggerBody {
  name?: unknown;
  data?: unknown;
  channels?: unknown;
  channel?: unknown;
  socket_id?: unknown;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function readBody(req: IncomingMessage, maxBytes: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

interface Trigger {
  name: string;
  data: string;
  channels: string[];
  socketId?: string;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** One event as `/events` takes it, or as an entry of `/batch_events`' `batch`; a string says what is wrong. */
function checkTrigger(parsed: TriggerBody): Trigger | string {
  const channels = Array.isArray(parsed.channels) ? parsed.channels : [parsed.channel];
  if (typeof parsed.name !== 'string' || parsed.name.length === 0 || parsed.name.length > 200)
    return 'Invalid name';
  if (typeof parsed.data !== 'string' || Buffer.byteLength(parsed.data) > MAX_DATA_BYTES)
    return 'Invalid data';
  if (channels.length === 0 || channels.length > 100 || !channels.every((c) => typeof c === 'string' && c)) {
    return 'Invalid channels';
  }
  const socketId = typeof parsed.socket_id === 'string' ? parsed.socket_id : undefined;
  return {
    name: parsed.name,
    data: parsed.data,
    channels: channels as string[],
    ...(socketId ? { socketId } : {}),
  };
}

const isObject = (value: unknown): value is TriggerBody => typeof value === 'object' && value !== null;

/** The events a body asks for, all checked before any is sent, or what is wrong with it. */
function parseEvents(body: string, batch: boolean): Trigger[] | string {
  const parsed = parseJson(body);
  if (!isObject(parsed)) return 'Body is not JSON';
  if (!batch) {
    const trigger = checkTrigger(parsed);
    return typeof trigger === 'string' ? trigger : [trigger];
  }
  const entries = (parsed as { batch?: unknown }).batch;
  if (!Array.isArray(entries) || entries.length === 0 || entries.length > MAX_BATCH_EVENTS)
    return 'Invalid batch';
  const triggers: Trigger[] = [];
  for (const entry of entries) {
    const trigger = isObject(entry) ? checkTrigger(entry) : 'Invalid batch';
    if (typeof trigger === 'string') return trigger;
    triggers.push(trigger);
  }
  return triggers;
}

/**
 * The publishing half of the Pusher HTTP API, `POST /apps/{app_id}/events` and `/batch_events` (up to
 * `MAX_BATCH_EVENTS` events, all checked before any is sent, then sent in order), so the `pusher` SDK,
 * Laravel's broadcaster or any other Pusher client library can feed the embedded server exactly as it feeds
 * Reverb; and `POST /apps/{app_id}/users/{user_id}/terminate_connections`, as Pusher and Soketi take it.
 */
export async function handleEventsApi(
  req: IncomingMessage,
  res: ServerResponse,
  target: EventsApiTarget,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const base = `/apps/${target.app.id}`;
  const batch = url.pathname === `${base}/batch_events`;
  const underApp = url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length) : '';
  const terminatedUser = /^\/users\/([^/]{1,200})\/terminate_connections$/.exec(underApp)?.[1];
  if (req.method !== 'POST' || (!batch && !terminatedUser && url.pathname !== `${base}/events`)) {
    reply(res, 404, { error: 'Not found' });
    return;
  }
  const body = await readBody(req, batch ? MAX_BATCH_BODY_BYTES : MAX_BODY_BYTES);
  if (body === null) {
    reply(res, 413, { error: 'Request too large' });
    return;
  }
  const refusal = verifySignedRequest(target.app, {
    method: 'POST',
    path: url.pathname,
    query: url.searchParams,
    body,
  });
  if (refusal) {
    reply(res, 401, { error: refusal });
    return;
  }
  if (terminatedUser !== undefined) {
    target.terminateUser(decodeURIComponent(terminatedUser));
    reply(res, 200, {});
    return;
  }
  const events = parseEvents(body, batch);
  if (typeof events === 'string') {
    reply(res, 400, { error: events });
    return;
  }
  for (const event of events) target.broadcast(event.channels, event.name, event.data, event.socketId);
  reply(res, 200, {});
}
