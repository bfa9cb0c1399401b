import type { FastifyBaseLogger } from 'fastify';
import Pusher from 'pusher';
import type { Config } from '../config';
import { createPusherClient, refusalInBody } from './pusher-publisher';

const README = 'api/README.md, "Bring your own websocket engine"';

/**
 * What the external app must allow and the API has no call to ask about: without each, one feature stops with
 * no error anywhere the operator looks (a refused whisper or presence subscription is told only to the
 * browser). Said at every start, once per setting, so the log names the cause before anyone hunts for it.
 */
export const UNCHECKED_ENGINE_SETTINGS: readonly string[] = [
  'client events (typing) need the app to allow client events: SOKETI_DEFAULT_APP_ENABLE_CLIENT_MESSAGES=true ' +
    'on Soketi, accept_client_events_from "members" (or "all") on Reverb, "Enable client events" in the ' +
    "Pusher Channels app's App Settings",
  "a room's presence channel (who has the room open, typists' names) holds up to 1000 members: " +
    'SOKETI_PRESENCE_MAX_MEMBERS=1000 on Soketi (default 100); Pusher Channels stops at 100',
  "browsers connect from the front ends' origins (FRONTEND_ORIGINS): Reverb's allowed_origins must list their " +
    'host names (or "*")',
  "a message's two events go out as one HTTP request of up to about 21 KB: Reverb's max_request_size " +
    '(REVERB_MAX_REQUEST_SIZE, default 10000 bytes) must be at least 32000, or it refuses long messages (413) ' +
    'and they are not delivered live',
];

/** The external server's address as the API reaches it. */
const engineAddress = (broadcast: Config['broadcast']) =>
  `${broadcast.scheme}://${broadcast.host}:${broadcast.port}`;

/** What a refusal of `where` with `status` (and its body) means for the operator. */
function refusal(where: string, status: number, body: string): string {
  const answer = `${status}${body ? ` ${body.trim().slice(0, 200)}` : ''}`;
  if (status === 401 || status === 403)
    return `${where} refused the API's signature (${answer}): REVERB_APP_KEY and REVERB_APP_SECRET must be the app's key and secret`;
  if (status === 404)
    return `${where} answered ${answer}: is REVERB_APP_ID the app's id, and REVERB_HOST/REVERB_PORT its HTTP API?`;
  return `${where} answered ${answer}`;
}

/**
 * Asks the external server the cheapest signed question there is, `GET /apps/{id}/channels` (Pusher, Soketi
 * and Reverb all answer it): reachable, and these credentials? Returns what is wrong, or null.
 */
export async function engineCredentialsProblem(broadcast: Config['broadcast']): Promise<string | null> {
  const where = `${engineAddress(broadcast)}/apps/${broadcast.appId}/channels`;
  try {
    const response = await createPusherClient(broadcast).get({ path: '/channels' });
    const refused = await refusalInBody(response);
    return refused && refusal(where, refused.status, refused.body);
  } catch (error) {
    if (!(error instanceof Pusher.RequestError)) throw error;
    if (error.status !== undefined) return refusal(where, error.status, error.body ?? '');
    const cause = error.error instanceof Error ? error.error.message : error.message;
    return `${where} did not answer (${cause}): is it running, and are REVERB_HOST, REVERB_PORT and REVERB_SCHEME its address?`;
  }
}

/**
 * With BROADCAST_DRIVER=pusher: warns about what the API cannot check, then checks what it can. Never stops
 * the API: an engine that is down or misconfigured costs live delivery (readers catch up on their next read),
 * not the API itself, and the engine may well come up after it.
 */
export async function checkExternalEngine(
  broadcast: Config['broadcast'],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const setting of UNCHECKED_ENGINE_SETTINGS)
    log.warn(`BROADCAST_DRIVER=pusher: ${setting}; the API cannot check this (${README})`);
  const problem = await engineCredentialsProblem(broadcast).catch((error: Error) => error.message);
  if (problem) log.warn(`BROADCAST_DRIVER=pusher: events cannot be published: ${problem}`);
  else log.info(`BROADCAST_DRIVER=pusher: ${engineAddress(broadcast)} accepts the app's credentials`);
}
