import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { mimeForStoredName } from '../attachments/detect-image';
import { forbidden, notFound } from '../http/http-error';
import { bodyOf, errorResponses } from '../http/route-schemas';
import { isMember } from '../repositories/rooms';

/**
 * Even if a stored file were crafted to look like HTML or script, the browser must only ever render it as an
 * image: no sniffing, no scripts, no plugins, sandboxed as an opaque origin.
 */
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  'referrer-policy': 'no-referrer',
};

const attachmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Opened in a new tab, so no Bearer token: the signature in the link is the authorisation. A private
  // room's or a direct message's image is linked for one member (`room` and `user` inside the signature) and
  // opens only while they are still in that room; such a link answers 404 whatever is wrong with it, so it
  // tells nobody else whether the image exists.
  app.get(
    '/attachments/:name',
    {
      schema: {
        params: Type.Object({ name: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({
          expires: Type.Optional(Type.String({ maxLength: 20 })),
          room: Type.Optional(Type.String({ maxLength: 20 })),
          user: Type.Optional(Type.String({ maxLength: 20 })),
          signature: Type.Optional(Type.String({ maxLength: 128 })),
        }),
        response: {
          200: bodyOf('The image as stored', 'image/png', 'image/jpeg'),
          ...errorResponses(403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const { query } = request;
      const verified = app.attachments.signer.verify(name, query);
      const forReader = query.room !== undefined || query.user !== undefined;
      if (!verified.valid) throw forReader ? notFound() : forbidden('Invalid signature.');
      const { reader } = verified;
      if (reader && !(await isMember(app.db, reader.roomId, reader.userId))) throw notFound();
      const file = await app.attachments.store.open(name);
      if (!file) throw notFound();
      const maxAge = Math.max(0, Number(query.expires) - Math.floor(Date.now() / 1000));
      return reply
        .headers(SECURITY_HEADERS)
        .header('content-type', mimeForStoredName(name))
        .header('content-length', file.size)
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('content-disposition', `inline; filename="${name}"`)
        .send(file.stream);
    },
  );
};

export default attachmentRoutes;
