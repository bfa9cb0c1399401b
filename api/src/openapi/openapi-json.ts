import type { FastifyInstance } from 'fastify';

/**
 * The document as docs/openapi.json holds it: the same bytes for the same routes, whoever generates it
 * (routes in the order they are registered, keys in the order the plugin writes them).
 */
export function openApiJson(app: FastifyInstance): string {
  return `${JSON.stringify(app.swagger(), null, 2)}\n`;
}
