import fp from 'fastify-plugin';
import { instrumentPublisher } from '../metrics/instrument-publisher';
import { roomOfChannel } from '../realtime/channels';
import { clientAddressResolver } from '../realtime/client-address';
import { checkExternalEngine } from '../realtime/external-engine-check';
import { checkBatchSize, type PublishedEvent, type Publisher } from '../realtime/publisher';
import { createPusherPublisher } from '../realtime/pusher-publisher';
import { RealtimeServer } from '../realtime/realtime-server';
import { isRoomChannel as isGrantedChannel, linkedRoomChannels } from '../realtime/room-presence';

declare module 'fastify' {
  interface FastifyInstance {
    publisher: Publisher;
    /** The embedded websocket server, when this process is the broadcaster; server.ts makes it listen. */
    realtime: RealtimeServer | null;
  }
}

const isRoomChannel = (channel: string) => roomOfChannel(channel) !== null;

/** Chooses the broadcast adapter by configuration alone: the embedded server, or an external Pusher-compatible one. */
export default fp<{ publisher?: Publisher }>(
  async (app, options) => {
    const { broadcast, frontendOrigins, trustProxy } = app.config;
    let realtime: RealtimeServer | null = null;
    let publisher = options.publisher;
    if (!publisher && broadcast.driver === 'embedded') {
      const server = new RealtimeServer({
        app: { id: broadcast.appId, key: broadcast.key, secret: broadcast.secret },
        allowedOrigins: frontendOrigins,
        maxConnectionsPerAddress: broadcast.serverLimits.connectionsPerIp,
        connectionLimits: {
          maxChannels: broadcast.serverLimits.channelsPerConnection,
          framesPerSecond: broadcast.serverLimits.framesPerSecond,
          frameBurst: broadcast.serverLimits.frameBurst,
        },
        clientAddress: clientAddressResolver(trustProxy),
        // A room's channels carry its messages, who is in it and who is typing: a member who leaves is taken
        // off both (see routes/chatrooms).
        grantedChannels: isGrantedChannel,
        linkedChannels: linkedRoomChannels,
        onError: (error) => app.log.warn({ err: error }, 'realtime server error'),
      });
      realtime = server;
      const deliver = ({ channel, event, data }: PublishedEvent) => {
        const sockets = server.broadcast([channel], event, JSON.stringify(data));
        if (isRoomChannel(channel)) app.deliveryStats.delivered(sockets);
      };
      publisher = {
        async publish(channel, event, data) {
          deliver({ channel, event, data });
        },
        async publishBatch(events) {
          checkBatchSize(events);
          for (const event of events) deliver(event);
        },
        // `revoke` has already taken the member off the room's channels, socket by socket.
        async disconnectUser() {},
      };
      app.addHook('onClose', async () => server.close());
      app.metrics.watchSockets(server);
    }
    if (!publisher) {
      // BROADCAST_DRIVER=pusher: an external Reverb, Soketi or Pusher Channels app.
      publisher = createPusherPublisher(broadcast);
      app.addHook('onReady', async () => {
        // Not awaited: an engine that answers slowly or not at all must not hold the API's start-up.
        void checkExternalEngine(broadcast, app.log);
      });
    }
    app.decorate('realtime', realtime);
    app.decorate('publisher', instrumentPublisher(publisher, app.metrics));
  },
  { name: 'realtime', dependencies: ['delivery-stats', 'metrics'] },
);
