import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * What the write services need, in one place for every route that calls one: the app's database, image
 * store, signer, publisher, page cache and link previews, read when the request comes, and the request's logger (each
 * service takes the part it uses).
 */
export const serviceDeps = (
  app: Pick<FastifyInstance, 'db' | 'attachments' | 'publisher' | 'pages' | 'linkPreviews'>,
  request: { log: FastifyBaseLogger },
) => ({
  db: app.db,
  store: app.attachments.store,
  signer: app.attachments.signer,
  publisher: app.publisher,
  pages: app.pages,
  previews: app.linkPreviews,
  log: request.log,
});
