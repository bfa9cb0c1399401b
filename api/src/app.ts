import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/schema';
import { fastifyTrustProxy } from './http/trust-proxy';
import type { Resolver } from './link-previews/resolver';
import type { PoolCounts } from './metrics/api-metrics';
import attachmentsPlugin from './plugins/attachments';
import authPlugin from './plugins/auth';
import backupPlugin from './plugins/backup';
import bodyParsersPlugin from './plugins/body-parsers';
import corsPlugin from './plugins/cors';
import csrfPlugin from './plugins/csrf';
import dbPlugin from './plugins/db';
import deliveryStatsPlugin from './plugins/delivery-stats';
import errorsPlugin from './plugins/errors';
import inputNormalizerPlugin from './plugins/input-normalizer';
import linkPreviewsPlugin from './plugins/link-previews';
import metricsPlugin from './plugins/metrics';
import openApiPlugin from './plugins/openapi';
import rateLimitPlugin from './plugins/rate-limit';
import realtimePlugin from './plugins/realtime';
import redisPlugin from './plugins/redis';
import searchTextBackfillPlugin from './plugins/search-text-backfill';
import securityHeadersPlugin from './plugins/security-headers';
import type { Publisher } from './realtime/publisher';
import attachmentRoutes from './routes/attachments';
import authRoutes from './routes/auth';
import broadcastingRoutes from './routes/broadcasting';
import chatroomRoutes from './routes/chatrooms';
import directMessageRoutes from './routes/direct-messages';
import healthRoutes from './routes/health';
import linkPreviewRoutes from './routes/link-previews';
import meRoutes from './routes/me';
import messageRoutes from './routes/messages';
import openApiRoutes from './routes/openapi';
import reactionRoutes from './routes/reactions';
import roomLifecycleRoutes from './routes/room-lifecycle';
import roomMemberRoutes from './routes/room-members';
import roomSettingsRoutes from './routes/room-settings';
import testingRoutes from './routes/testing';
import userRoutes from './routes/users';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** What tests swap in: a prepared database (and its pool, if any), a recording publisher, a quiet logger. */
export interface AppOverrides {
  db?: Db;
  dbPool?: PoolCounts | null;
  publisher?: Publisher;
  logger?: FastifyServerOptions['logger'];
  /** How link previews resolve names: tests make a name resolve to a private address. */
  resolver?: Resolver;
}

/** The whole HTTP API, not yet listening: server.ts listens, tests call `inject`. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: overrides.logger ?? { level: config.logLevel },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A client trickling its request (a byte every few seconds) is cut off once requestTimeout has passed
    // since the request began (408); one that goes silent, after the idle timeout. The idle timeout stays
    // above Fastify's 72 s keep-alive, which is chosen to outlast load balancers' idle timeouts.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.idleTimeoutMs,
    // Node looks for overdue requests on this beat (30 s by default), so it bounds how late the cut comes.
    http: {
      headersTimeout: Math.min(60_000, config.http.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.http.requestTimeoutMs / 4)),
    },
    // JSON and form bodies; multipart uploads have their own limits (plugins/body-parsers).
    bodyLimit: config.http.bodyLimitBytes,
    // The first start of the embedded database runs initdb, which takes well over Fastify's default 10 s
    // on a busy machine; a real PostgreSQL that does not answer fails sooner through its connect timeout.
    pluginTimeout: 120_000,
    ajv: {
      customOptions: {
        // Report every invalid field at once, as Laravel's validator does.
        allErrors: true,
        // Ajv coerces "Infinity" or "1e309" in a path, query or form field to Infinity, and with strict
        // numbers skips the range checks for a non-finite number, so Infinity passed as an integer and reached
        // PostgreSQL. Without strict numbers, minimum and maximum apply to it; every integer a request carries
        // has both (the fuzz test in routes/ holds every route to that).
        strictNumbers: false,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('config', config);

  // Order matters: the document learns routes as they are added, so it comes before any; CORS headers go on
  // every answer (errors included), CSRF is judged before the caller is.
  await app.register(openApiPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(corsPlugin);
  await app.register(bodyParsersPlugin);
  await app.register(inputNormalizerPlugin);
  await app.register(deliveryStatsPlugin);
  await app.register(metricsPlugin);
  await app.register(dbPlugin, { db: overrides.db, pool: overrides.dbPool });
  await app.register(searchTextBackfillPlugin);
  await app.register(redisPlugin);
  await app.register(realtimePlugin, { publisher: overrides.publisher });
  await app.register(attachmentsPlugin);
  await app.register(linkPreviewsPlugin, { resolver: overrides.resolver });
  await app.register(csrfPlugin);
  await app.register(authPlugin);

  await app.register(healthRoutes);
  await app.register(backupPlugin);
  await app.register(broadcastingRoutes);
  await app.register(
    async (api) => {
      await api.register(rateLimitPlugin);
      await api.register(authRoutes);
      await api.register(meRoutes);
      await api.register(chatroomRoutes);
      await api.register(roomSettingsRoutes);
      await api.register(roomMemberRoutes);
      await api.register(roomLifecycleRoutes);
      await api.register(directMessageRoutes);
      await api.register(userRoutes);
      await api.register(messageRoutes);
      await api.register(linkPreviewRoutes);
      await api.register(reactionRoutes);
      await api.register(attachmentRoutes);
      await api.register(openApiRoutes);
      if (config.enableTestEndpoints) await api.register(testingRoutes);
    },
    { prefix: '/api' },
  );
  return app;
}
