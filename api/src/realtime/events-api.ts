import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifySignedRequest } from './signatures';

const MAX_BODY_BYTES = 100 * 1024;
/** Pusher's own limit on one event's data. */
const MAX_DATA_BYTES = 10 * 1024;

export interface EventsApiTarget {
  app: { id: string; key: string; secret: string };
  broadcast(channels: string[], event: string, data: string, exceptSocketId?: string): void;
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

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseTrigger(
  body: string,
): { name: string; data: string; channels: string[]; socketId?: string } | string {
  let parsed: TriggerBody;
  try {
    parsed = JSON.parse(body) as TriggerBody;
  } catch {
    return 'Body is not JSON';
  }
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

/**
 * The publishing half of the Pusher HTTP API (`POST /apps/{app_id}/events`), so the `pusher` SDK, Laravel's
 * broadcaster or any other Pusher client library can feed the embedded server exactly as it feeds Reverb.
 */
export async function handleEventsApi(
  req: IncomingMessage,
  res: ServerResponse,
  target: EventsApiTarget,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method !== 'POST' || url.pathname !== `/apps/${target.app.id}/events`) {
    reply(res, 404, { error: 'Not found' });
    return;
  }
  const body = await readBody(req);
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
  const trigger = parseTrigger(body);
  if (typeof trigger === 'string') {
    reply(res, 400, { error: trigger });
    return;
  }
  target.broadcast(trigger.channels, trigger.name, trigger.data, trigger.socketId);
  reply(res, 200, {});
}
