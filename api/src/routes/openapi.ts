import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { openApiJson } from '../openapi/openapi-json';

/**
 * The contract's shapes, to anyone: nothing here is not already in docs/api.md, which is public with the
 * repository. Under /api so the throttle counts it like any other call.
 */
const openApiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/openapi.json',
    {
      schema: {
        response: { 200: Type.Unsafe({ type: 'object', description: 'This OpenAPI 3.1 document' }) },
      },
    },
    // Sent as text: the document's own schema would make the serializer drop every property.
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(openApiJson(app)),
  );
};

export default openApiRoutes;
