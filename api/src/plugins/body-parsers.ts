import { ATTACHMENT_MAX_BYTES, MESSAGE_CONTENT_MAX } from '@chat/shared/schemas';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/http-error';

const malformedMultipart = () => new HttpError(400, 'The request body is not valid multipart/form-data.');

/** Fields as plain values, a file as a Buffer, a repeated name as an array of them. */
async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    const value = part.type === 'file' ? await part.toBuffer() : part.value;
    const previous = body[part.fieldname];
    if (previous === undefined) body[part.fieldname] = value;
    else body[part.fieldname] = [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return body;
}

/**
 * JSON (empty bodies read as `{}`, as Laravel reads them), form-encoded (pusher-js posts channel auth that way)
 * and multipart (image messages). Multipart fields land on `request.body` as plain values and the file as a
 * Buffer, so the same body schemas validate every encoding.
 */
export default fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'ignore');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (typeof body === 'string' && body.trim() === '') done(null, {});
      else parseJson(request, body as string, done);
    });
    await app.register(formbody);
    await app.register(multipart, {
      limits: {
        fileSize: ATTACHMENT_MAX_BYTES,
        files: 1,
        fields: 10,
        // Bytes, and a character can take four of them in UTF-8.
        fieldSize: MESSAGE_CONTENT_MAX * 4 + 1024,
        parts: 11,
      },
    });
    // Read here rather than through the plugin's attachFieldsToBody: the parser's own errors (no boundary,
    // a truncated or garbled body) carry no status, and so answered 500 for what is the client's mistake.
    app.addHook('preValidation', async (request) => {
      if (!request.isMultipart()) return;
      request.body = await readMultipart(request).catch((error: { statusCode?: number }) => {
        throw error.statusCode ? error : malformedMultipart();
      });
    });
  },
  { name: 'body-parsers' },
);
