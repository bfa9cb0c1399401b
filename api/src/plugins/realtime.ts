import fp from 'fastify-plugin';
import type { Publisher } from '../realtime/publisher';
import { createPusherPublisher } from '../realtime/pusher-publisher';
import { RealtimeServer } from '../realtime/realtime-server';

declare module 'fastify' {
  interface FastifyInstance {
    publisher: Publisher;
    /** The embedded websocket server, when this process is the broadcaster; server.ts makes it listen. */
    realtime: RealtimeServer | null;
  }
}

/** Chooses the broadcast adapter by configuration alone: the embedded server, or an external Pusher-compatible one. */
export default fp<{ publisher?: Publisher }>(
  async (app, options) => {
    const { broadcast, frontendOrigins } = app.config;
    let realtime: RealtimeServer | null = null;
    let publisher = options.publisher;
    if (!publisher && broadcast.driver === 'embedded') {
      realtime = new RealtimeServer({
        app: { id: broadcast.appId, key: broadcast.key, secret: broadcast.secret },
        allowedOrigins: frontendOrigins,
        onError: (error) => app.log.warn({ err: error }, 'realtime server error'),
      });
      publisher = realtime.publisher;
      app.addHook('onClose', async () => realtime?.close());
    }
    app.decorate('realtime', realtime);
    app.decorate('publisher', publisher ?? createPusherPublisher(broadcast));
  },
  { name: 'realtime' },
);
