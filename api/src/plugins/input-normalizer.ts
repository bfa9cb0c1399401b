import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Laravel trims input but never passwords, whose spaces are part of the secret. */
const UNTRIMMED = new Set(['password', 'password_confirmation']);

function normalize(input: unknown): void {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || Buffer.isBuffer(input)) return;
  const fields = input as Record<string, unknown>;
  for (const [name, value] of Object.entries(fields)) {
    const trimmed = typeof value === 'string' && !UNTRIMMED.has(name) ? value.trim() : value;
    if (trimmed === '' || trimmed === null) delete fields[name];
    else fields[name] = trimmed;
  }
}

/**
 * Laravel's TrimStrings + ConvertEmptyStringsToNull, applied before schema validation: a blank or null field
 * counts as missing, so "   " as a room name fails as "Name is required", not as a valid name.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      // No body at all reads as no fields, as in Laravel: "content is required", not "must be an object".
      if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
      normalize(request.body);
      normalize(request.query);
    });
  },
  { name: 'input-normalizer', dependencies: ['body-parsers'] },
);
