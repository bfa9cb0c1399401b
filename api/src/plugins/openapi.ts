import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';

/** The tag of the routes registered only with ENABLE_TEST_ENDPOINTS, which the committed document leaves out. */
export const TESTING_TAG = 'testing';

/**
 * Collects every route's schemas into an OpenAPI 3.1 document (`app.swagger()`), served by routes/openapi and
 * written to docs/openapi.json by `pnpm --filter @chat/api openapi`. Registered before any route, since it
 * learns them as they are added. No `servers`: the document must not depend on where this process listens.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Chat rooms API',
          version: '1.0.0',
          description:
            'The shapes of every request and answer. What a schema cannot say (the exact refusal messages, ' +
            'the order of checks, the limits and the realtime channels) is in docs/api.md.',
        },
        tags: [
          {
            name: TESTING_TAG,
            description:
              'Only with ENABLE_TEST_ENDPOINTS=true (never in production), for fixtures and benches',
          },
        ],
      },
      // The shared schemas' own names (User, Room, Message, ApiError) instead of def-0, def-1…
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    });
  },
  { name: 'openapi' },
);
