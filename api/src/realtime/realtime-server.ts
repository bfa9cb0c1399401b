// The embedded websocket server: the HTTP upgrade, the channel registry and the signed publish endpoint. Past
// 250 lines because the three share the registry and the connection set, and a publish, an upgrade and a
// close each read both; the protocol of one socket is pusher-connection.ts, the handshake handshake.ts.
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { ChannelGrants } from './channel-grants';
import { ConnectionsPerAddress } from './connections-per-address';
import { handleEventsApi } from './events-api';
import { handshakeRefusal } from './handshake';
import { type PresenceMember, PresenceRoster } from './presence-roster';
import {
  type ChannelRegistry,
  type ConnectionLimits,
  encodeEvent,
  PusherConnection,
  PusherErrorCode,
} from './pusher-connection';
import { verifyChannelAuth, verifyUserAuth } from './signatures';

export interface RealtimeServerOptions {
  app: { id: string; key: string; secret: string };
  /** Browsers must come from one of these; clients that send no Origin (servers, tests) are let in. */
  allowedOrigins: string[];
  /** Seconds of silence after which a client pings; told to the client in connection_established. */
  activityTimeoutSeconds?: number;
  /** Seconds a silent client gets to answer our ping before it is dropped. */
  pongTimeoutSeconds?: number;
  /** Largest frame a client may send, in bytes (Pusher's limit is 10 KB). */
  maxMessageBytes?: number;
  /** Sockets one client address may hold open; more are closed with 4100, so pusher-js backs off. */
  maxConnectionsPerAddress?: number;
  /** Per socket: channels at once, and a frame budget (a burst, refilled per second). */
  connectionLimits?: Partial<ConnectionLimits>;
  /** The address `maxConnectionsPerAddress` counts; by default the TCP peer's. */
  clientAddress?: (req: IncomingMessage) => string;
  /** Channels a socket joins only with a grant the API recorded when it signed it (`grant`), so `revoke` works. */
  grantedChannels?: (channel: string) => boolean;
  /** Channels whose grants end with this one's, e.g. a room's presence channel with its private one. */
  linkedChannels?: (channel: string) => string[];
  onError?: (error: unknown) => void;
}

/**
 * A small Pusher-protocol-7 server (what Laravel Reverb and Soketi speak) on `ws`, plus the signed HTTP
 * publish endpoint. Channel state lives in this process; run one instance or switch to an external server.
 */
export class RealtimeServer implements ChannelRegistry {
  readonly #http: Server;
  readonly #wss: WebSocketServer;
  readonly #channels = new Map<string, Set<PusherConnection>>();
  readonly #connections = new Set<PusherConnection>();
  /** Sockets refused at the handshake, until their close completes: `close()` cuts them short too. */
  readonly #refused = new Set<WebSocket>();
  readonly #perAddress: ConnectionsPerAddress;
  readonly #connectionLimits: ConnectionLimits;
  readonly #grants: ChannelGrants;
  readonly #presence = new PresenceRoster();
  readonly #activityTimeout: number;
  readonly #pongTimeout: number;
  #sweeper: NodeJS.Timeout | undefined;
  /** One listener for every socket's errors, rather than a closure per socket. */
  readonly #socketError = (error: Error) => this.options.onError?.(error);

  constructor(private readonly options: RealtimeServerOptions) {
    this.#activityTimeout = options.activityTimeoutSeconds ?? 30;
    this.#pongTimeout = options.pongTimeoutSeconds ?? 30;
    // The defaults of REVERB_SERVER_MAX_CONNECTIONS_PER_IP, _MAX_CHANNELS_PER_CONNECTION, _FRAMES_PER_SECOND, _FRAME_BURST.
    this.#perAddress = new ConnectionsPerAddress(options.maxConnectionsPerAddress ?? 100);
    this.#connectionLimits = {
      maxChannels: 100,
      framesPerSecond: 10,
      frameBurst: 150,
      clientEventsPerSecond: 10,
      ...options.connectionLimits,
    };
    this.#grants = new ChannelGrants(options.grantedChannels ?? (() => false));
    // clientTracking off: `#connections` already holds every open socket, and ws's own Set of them would
    // cost each socket a second entry and a 'close' listener of its own (about 200 bytes, see bench/README).
    this.#wss = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      maxPayload: options.maxMessageBytes ?? 10 * 1024,
    });
    this.#http = createServer((req, res) => {
      handleEventsApi(req, res, this).catch((error: unknown) => {
        options.onError?.(error);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    this.#http.on('upgrade', (req, socket, head) => this.#upgrade(req, socket, head));
  }

  get app() {
    return this.options.app;
  }

  async listen(port: number, host?: string): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.#http.once('error', reject);
      this.#http.listen(port, host, () => resolve());
    });
    const sweepEvery = Math.max(100, (Math.min(this.#activityTimeout, this.#pongTimeout) * 1000) / 2);
    this.#sweeper = setInterval(() => this.#sweep(), sweepEvery).unref();
    return (this.#http.address() as AddressInfo).port;
  }

  get connectionCount(): number {
    return this.#connections.size;
  }

  /** Subscriptions held now: a socket counts once for each channel it is on. */
  get subscriptionCount(): number {
    let count = 0;
    for (const subscribers of this.#channels.values()) count += subscribers.size;
    return count;
  }

  /** Answers how many sockets the event was written to. */
  broadcast(channels: string[], event: string, data: string, exceptSocketId?: string): number {
    let sent = 0;
    for (const channel of channels) {
      const subscribers = this.#channels.get(channel);
      if (!subscribers?.size) continue;
      const frame = encodeEvent(event, data, channel);
      for (const connection of subscribers) {
        if (connection.socketId !== exceptSocketId && connection.sendEncoded(frame)) sent++;
      }
    }
    return sent;
  }

  authorize(socketId: string, channel: string, auth: unknown, channelData?: string): boolean {
    return (
      verifyChannelAuth(this.options.app, socketId, channel, auth, channelData) &&
      this.#grants.admits(socketId, channel)
    );
  }

  verifyUser(socketId: string, userData: unknown, auth: unknown): boolean {
    return verifyUserAuth(this.options.app, socketId, userData, auth);
  }

  /**
   * Closes the sockets signed in as this user (Pusher's `terminate_connections`), with Soketi's code and
   * words: pusher-js does not retry a 4009 by itself (the front end does, `resumeAfterTermination`).
   */
  terminateUser(userId: string): void {
    for (const connection of this.#connections) {
      if (connection.userId === userId) {
        connection.close(PusherErrorCode.connectionUnauthorized, 'You got disconnected by the app.');
      }
    }
  }

  /** Records that the API signed this socket into a granted channel for this user (see `grantedChannels`). */
  grant(socketId: string, channel: string, userId: number): void {
    this.#grants.grant(socketId, channel, userId);
  }

  /**
   * Takes a user's sockets out of a channel at once, subscribed or only signed, e.g. when they leave the room.
   * The Pusher protocol has no message telling a client so: it simply receives nothing more there.
   */
  revoke(channel: string, userId: number): void {
    for (const name of [channel, ...(this.options.linkedChannels?.(channel) ?? [])]) {
      const revoked = new Set(this.#grants.revoke(name, userId));
      for (const connection of [...(this.#channels.get(name) ?? [])]) {
        if (revoked.has(connection.socketId)) this.unsubscribe(connection, name);
      }
    }
  }

  subscribe(connection: PusherConnection, channel: string, member?: PresenceMember): unknown {
    // Subscribing again as someone else (a new signature) is leaving as the first, then joining.
    const current = this.#presence.memberOf(channel, connection.socketId);
    if (member && current && String(current.user_id) !== String(member.user_id)) {
      this.unsubscribe(connection, channel);
    }
    connection.joined(channel);
    const members = this.#channels.get(channel) ?? new Set<PusherConnection>();
    members.add(connection);
    this.#channels.set(channel, members);
    if (!member) return {};
    if (this.#presence.join(channel, connection.socketId, member)) {
      const added = { user_id: member.user_id, user_info: member.user_info ?? null };
      this.broadcast([channel], 'pusher_internal:member_added', JSON.stringify(added), connection.socketId);
    }
    return this.#presence.snapshot(channel);
  }

  unsubscribe(connection: PusherConnection, channel: string): void {
    connection.left(channel);
    const members = this.#channels.get(channel);
    members?.delete(connection);
    if (members?.size === 0) this.#channels.delete(channel);
    const gone = this.#presence.leave(channel, connection.socketId);
    if (gone) {
      this.broadcast([channel], 'pusher_internal:member_removed', JSON.stringify({ user_id: gone.user_id }));
    }
  }

  relay(connection: PusherConnection, channel: string, event: string, data: unknown): void {
    const sender = this.#presence.memberOf(channel, connection.socketId);
    const frame = encodeEvent(event, data, channel, sender?.user_id);
    for (const subscriber of this.#channels.get(channel) ?? []) {
      if (subscriber !== connection) subscriber.sendEncoded(frame);
    }
  }

  /** Asks every client to reconnect (4200), e.g. before a restart; pusher-js comes back and resubscribes. */
  disconnectAll(code: number = PusherErrorCode.reconnect, message = 'Server is restarting'): void {
    for (const connection of this.#connections) connection.close(code, message);
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    this.disconnectAll();
    for (const connection of this.#connections) connection.terminate();
    for (const ws of this.#refused) ws.terminate();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
    if (this.#http.listening) await new Promise<void>((resolve) => this.#http.close(() => resolve()));
  }

  #upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = /^\/app\/([^/]+)$/.exec(url.pathname)?.[1];
    if (key === undefined) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    this.#wss.handleUpgrade(req, socket, head, (ws) => this.#accept(ws, req, key, url.searchParams));
  }

  #accept(ws: WebSocket, req: IncomingMessage, key: string, query: URLSearchParams): void {
    ws.on('error', this.#socketError);
    const socketId = `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
    const connection = new PusherConnection(socketId, ws, this, this.#connectionLimits);
    const refusal = handshakeRefusal(
      req,
      { key, query },
      { key: this.options.app.key, allowedOrigins: this.options.allowedOrigins },
    );
    if (refusal) {
      this.#refuse(ws, connection, ...refusal);
      return;
    }
    const address = this.options.clientAddress?.(req) ?? req.socket.remoteAddress ?? 'unknown';
    if (!this.#perAddress.tryOpen(address)) {
      this.#refuse(ws, connection, PusherErrorCode.overCapacity, 'Over capacity');
      return;
    }
    this.#connections.add(connection);
    this.#grants.connected(connection.socketId);
    ws.on('message', (data, isBinary) => {
      if (!connection.admit()) return;
      if (isBinary) connection.error(null, 'Binary frames are not supported');
      else connection.handle(data.toString());
    });
    ws.on('close', () => {
      for (const channel of connection.channels) this.unsubscribe(connection, channel);
      this.#grants.disconnected(connection.socketId);
      this.#connections.delete(connection);
      this.#perAddress.closed(address);
    });
    connection.send('pusher:connection_established', {
      socket_id: connection.socketId,
      activity_timeout: this.#activityTimeout,
    });
  }

  #refuse(ws: WebSocket, connection: PusherConnection, code: number, message: string): void {
    this.#refused.add(ws);
    ws.once('close', () => this.#refused.delete(ws));
    connection.close(code, message);
  }

  /** Pings clients that went quiet and drops those that stay quiet, so dead sockets do not pile up. */
  #sweep(now = Date.now()): void {
    for (const connection of this.#connections) {
      if (connection.pingSentAt !== null) {
        if (now - connection.pingSentAt > this.#pongTimeout * 1000) {
          connection.close(PusherErrorCode.pongNotReceived, 'Pong reply not received');
        }
      } else if (now - connection.lastSeen > this.#activityTimeout * 1000) {
        connection.ping(now);
      }
    }
  }
}
