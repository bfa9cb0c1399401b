// One socket of the embedded Pusher-protocol server: what the client may send (subscribe, unsubscribe, ping,
// client events) and what it is sent. Longer than most files here because the protocol's frame handling and
// the per-socket state it reads (channels, the frame budget, the client-event bucket) belong to one object:
// split, each half would reach into the other's fields.
import type { WebSocket } from 'ws';
import { clientEventRefusal } from './client-events';
import { type PresenceMember, parseMember } from './presence-roster';
import { TokenBucket } from './token-bucket';

/** Pusher protocol error codes we send (https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol). */
export const PusherErrorCode = {
  applicationDoesNotExist: 4001,
  noProtocolVersion: 4008,
  unsupportedProtocolVersion: 4007,
  connectionUnauthorized: 4009,
  /** 4100-4199: closed; the client reconnects after a back-off (pusher-js: 1 s). */
  overCapacity: 4100,
  /** 4200-4299: the client should reconnect at once. */
  reconnect: 4200,
  pongNotReceived: 4201,
  /** 4300-4399: the connection stays. */
  rateLimited: 4301,
  /** Pusher's "limit exceeded, the rest not accepted" (watchlists there), here for channels. */
  limitExceeded: 4302,
} as const;

export interface ConnectionLimits {
  maxChannels: number;
  framesPerSecond: number;
  frameBurst: number;
  /** Client events (`client-*`) a socket may send per second, Pusher's 10 by default; no burst beyond it. */
  clientEventsPerSecond: number;
}

export interface ChannelRegistry {
  /** Answers `subscription_succeeded`'s data: `{}`, or on a presence channel who is on it. */
  subscribe(connection: PusherConnection, channel: string, member?: PresenceMember): unknown;
  unsubscribe(connection: PusherConnection, channel: string): void;
  authorize(socketId: string, channel: string, auth: unknown, channelData?: string): boolean;
  /** Whether `auth` signs `userData` for this socket (Pusher's user sign-in, `pusher:signin`). */
  verifyUser(socketId: string, userData: unknown, auth: unknown): boolean;
  /** Passes a client event on to the channel's other subscribers, never back to its sender. */
  relay(connection: PusherConnection, channel: string, event: string, data: unknown): void;
}

interface SubscribeData {
  channel?: unknown;
  auth?: unknown;
  channel_data?: unknown;
}

interface SignInData {
  user_data?: unknown;
  auth?: unknown;
}

const NO_CHANNELS: readonly string[] = [];

/** What pusher-js subscribes to once signed in, as Pusher names it; nothing is published there by this app. */
const SERVER_TO_USER = '#server-to-user-';

/** Pusher's channel name rule: at most 164 of these characters. */
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;

/**
 * Event data travels as a JSON string inside the frame, as Pusher and Reverb send it. A client event on a
 * presence channel also names its sender's `user_id`, as Pusher does, which pusher-js hands to listeners.
 */
export function encodeEvent(
  event: string,
  data: unknown,
  channel?: string,
  userId?: string | number,
): Buffer {
  const frame = {
    event,
    ...(channel === undefined ? {} : { channel }),
    data: typeof data === 'string' ? data : JSON.stringify(data ?? null),
    ...(userId === undefined ? {} : { user_id: userId }),
  };
  return Buffer.from(JSON.stringify(frame));
}

/**
 * One client socket speaking Pusher protocol 7: tracks its subscriptions and when it was last heard from.
 * The server holds one per open socket, thousands at once, so what it keeps is kept small (see `#channels`,
 * `#clientEvents`): per socket, every field is paid for as many times as there are sockets.
 */
export class PusherConnection {
  /**
   * The channels subscribed, an array replaced whenever it changes: one to a few names, at most
   * `maxChannels`, changed only by a subscribe or an unsubscribe. A Set would cost about 150 bytes for the
   * one channel most sockets hold, an array of exactly its length about 60.
   */
  #channels: readonly string[] = NO_CHANNELS;
  lastSeen = Date.now();
  pingSentAt: number | null = null;
  readonly #frames: TokenBucket;
  /** Made at the socket's first client event: most never send one, and a fresh bucket is full either way. */
  #clientEvents: TokenBucket | undefined;
  #rateLimitNoticeAt = Number.NEGATIVE_INFINITY;
  /** Who signed in on this socket (`pusher:signin`), so `terminateUser` finds it; undefined until then. */
  #userId: string | undefined;

  constructor(
    readonly socketId: string,
    private readonly socket: WebSocket,
    private readonly registry: ChannelRegistry,
    private readonly limits: ConnectionLimits,
  ) {
    this.#frames = new TokenBucket(limits.framesPerSecond, limits.frameBurst);
  }

  /** The channels now: an array that is replaced, never changed, so it can be walked while unsubscribing. */
  get channels(): readonly string[] {
    return this.#channels;
  }

  get userId(): string | undefined {
    return this.#userId;
  }

  isSubscribed(channel: string): boolean {
    return this.#channels.includes(channel);
  }

  /**
   * Records a subscription; the registry calls it (and `left`) as it adds the socket to a channel. `concat`
   * and `toSpliced` allocate exactly the new length, where a spread or `filter` reserves 17 slots.
   */
  joined(channel: string): void {
    if (!this.isSubscribed(channel)) this.#channels = this.#channels.concat(channel);
  }

  left(channel: string): void {
    const index = this.#channels.indexOf(channel);
    if (index >= 0) this.#channels = this.#channels.toSpliced(index, 1);
  }

  /**
   * Spends one frame of the budget. Past it frames are dropped unread and the client is told at most once a
   * second (Pusher's 4301), so a flood costs a counter per frame, not a parse and an answer.
   */
  admit(): boolean {
    if (this.#frames.take()) return true;
    this.#rateLimited();
    return false;
  }

  #rateLimited(): void {
    const now = Date.now();
    if (now - this.#rateLimitNoticeAt >= 1000) {
      this.#rateLimitNoticeAt = now;
      this.error(PusherErrorCode.rateLimited, 'Client event rejected due to rate limit');
    }
  }

  send(event: string, data: unknown, channel?: string): void {
    this.sendEncoded(encodeEvent(event, data, channel));
  }

  /** A frame from `encodeEvent`: a broadcast encodes once for all its subscribers. False: the socket is closed. */
  sendEncoded(frame: Buffer): boolean {
    if (this.socket.readyState !== this.socket.OPEN) return false;
    this.socket.send(frame, { binary: false });
    return true;
  }

  error(code: number | null, message: string): void {
    this.send('pusher:error', { code, message });
  }

  close(code: number, message: string): void {
    this.error(code, message);
    this.socket.close(code, message);
  }

  /** Drops the socket without a closing handshake, e.g. when the server stops. */
  terminate(): void {
    this.socket.terminate();
  }

  ping(now = Date.now()): void {
    this.pingSentAt = now;
    this.send('pusher:ping', {});
  }

  handle(raw: string): void {
    this.lastSeen = Date.now();
    this.pingSentAt = null;
    let frame: { event?: unknown; data?: unknown; channel?: unknown } | null;
    try {
      frame = JSON.parse(raw);
    } catch {
      this.error(null, 'Invalid message format');
      return;
    }
    if (typeof frame !== 'object' || frame === null) {
      this.error(null, 'Invalid message format');
      return;
    }
    const data = typeof frame.data === 'string' ? safeParse(frame.data) : frame.data;
    switch (frame.event) {
      case 'pusher:ping':
        this.send('pusher:pong', {});
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        this.#subscribe(data as SubscribeData | undefined);
        return;
      case 'pusher:signin':
        this.#signIn(data as SignInData | undefined);
        return;
      case 'pusher:unsubscribe': {
        const channel = (data as { channel?: unknown } | undefined)?.channel;
        if (typeof channel === 'string') this.registry.unsubscribe(this, channel);
        return;
      }
      default:
        if (typeof frame.event === 'string' && frame.event.startsWith('client-')) {
          this.#clientEvent(frame.event, frame.channel, frame.data);
        } else {
          this.error(null, 'Unknown event');
        }
    }
  }

  #clientEvent(event: string, channel: unknown, data: unknown): void {
    const refusal = clientEventRefusal(event, channel, (name) => this.isSubscribed(name));
    if (refusal) {
      this.error(...refusal);
      return;
    }
    const { clientEventsPerSecond } = this.limits;
    this.#clientEvents ??= new TokenBucket(clientEventsPerSecond, clientEventsPerSecond);
    if (!this.#clientEvents.take()) {
      this.#rateLimited();
      return;
    }
    this.registry.relay(this, channel as string, event, data);
  }

  /** As Soketi: a sign-in that is not the API's signature, or names no user, closes the socket (4009). */
  #signIn(data: SignInData | undefined): void {
    if (!this.registry.verifyUser(this.socketId, data?.user_data, data?.auth)) {
      this.close(PusherErrorCode.connectionUnauthorized, 'Connection not authorized.');
      return;
    }
    const id = (safeParse(data?.user_data as string) as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'string' || id === '') {
      this.close(PusherErrorCode.connectionUnauthorized, 'The user data must contain an "id" string.');
      return;
    }
    this.#userId = id;
    this.send('pusher:signin_success', { user_data: data?.user_data, auth: data?.auth });
  }

  #subscribe(data: SubscribeData | undefined): void {
    const channel = data?.channel;
    if (typeof channel === 'string' && channel.startsWith(SERVER_TO_USER)) {
      this.#subscribeServerToUser(channel);
      return;
    }
    if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) {
      this.error(null, 'Invalid channel name');
      return;
    }
    // Every name subscribed is kept in memory until the socket closes.
    if (!this.isSubscribed(channel) && this.#channels.length >= this.limits.maxChannels) {
      this.error(
        PusherErrorCode.limitExceeded,
        `Subscription limit exceeded: at most ${this.limits.maxChannels} channels per connection`,
      );
      return;
    }
    if (channel.startsWith('presence-')) {
      this.#subscribePresence(channel, data as SubscribeData);
      return;
    }
    if (channel.startsWith('private-') && !this.registry.authorize(this.socketId, channel, data?.auth)) {
      this.error(PusherErrorCode.connectionUnauthorized, 'Connection is unauthorized');
      return;
    }
    this.send('pusher_internal:subscription_succeeded', this.registry.subscribe(this, channel), channel);
  }

  /** The signed-in user's own channel only, as Pusher admits it (a name outside the usual rule: `#`). */
  #subscribeServerToUser(channel: string): void {
    if (this.#userId === undefined || channel !== `${SERVER_TO_USER}${this.#userId}`) {
      this.error(PusherErrorCode.connectionUnauthorized, 'Connection is unauthorized');
      return;
    }
    this.send('pusher_internal:subscription_succeeded', this.registry.subscribe(this, channel), channel);
  }

  /** The member comes from `channel_data`, which the signature covers: a client cannot pass as someone else. */
  #subscribePresence(channel: string, data: SubscribeData): void {
    const channelData = typeof data.channel_data === 'string' ? data.channel_data : undefined;
    if (
      channelData === undefined ||
      !this.registry.authorize(this.socketId, channel, data.auth, channelData)
    ) {
      this.error(PusherErrorCode.connectionUnauthorized, 'Connection is unauthorized');
      return;
    }
    const member = parseMember(channelData);
    if (!member) {
      this.error(null, 'Invalid channel_data');
      return;
    }
    this.send(
      'pusher_internal:subscription_succeeded',
      this.registry.subscribe(this, channel, member),
      channel,
    );
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
