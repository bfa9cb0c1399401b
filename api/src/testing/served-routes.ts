import type { FastifyInstance } from 'fastify';

export interface Route {
  method: string;
  url: string;
}

/** Every route the app serves, from Fastify's own route tree (HEAD and CORS preflight left out). */
export function servedRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    const depth = indent.length / 4;
    const url = (parents[depth - 1] ?? '') + segment;
    parents[depth] = url;
    for (const method of methods.split(', ')) {
      if (method && method !== 'HEAD' && method !== 'OPTIONS' && method !== '-') routes.push({ method, url });
    }
  }
  return routes;
}

interface Operation {
  tags?: string[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** A route's entry in the OpenAPI document (`/chatrooms/:id` is `/chatrooms/{id}` there), if it has one. */
export function operationOf(document: OpenApiDocument, route: Route): Operation | undefined {
  const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
  return document.paths[path]?.[route.method.toLowerCase()];
}
