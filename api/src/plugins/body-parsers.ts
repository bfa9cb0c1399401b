import { ATTACHMENT_MAX_BYTES, MESSAGE_CONTENT_MAX } from '@chat/shared/schemas';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

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
      attachFieldsToBody: 'keyValues',
      limits: {
        fileSize: ATTACHMENT_MAX_BYTES,
        files: 1,
        fields: 10,
        // Bytes, and a character can take four of them in UTF-8.
        fieldSize: MESSAGE_CONTENT_MAX * 4 + 1024,
        parts: 11,
      },
      async onFile(part) {
        (part as { value?: unknown }).value = await part.toBuffer();
      },
    });
  },
  { name: 'body-parsers' },
);
