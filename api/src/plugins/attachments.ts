import fp from 'fastify-plugin';
import { AttachmentStore } from '../attachments/attachment-store';
import { createUrlSigner, type UrlSigner } from '../attachments/signed-url';

declare module 'fastify' {
  interface FastifyInstance {
    attachments: { store: AttachmentStore; signer: UrlSigner };
  }
}

export default fp(
  async (app) => {
    const { storageDir, appUrl, appKey, attachmentUrlTtlSeconds, attachmentMaxPixels } = app.config;
    app.decorate('attachments', {
      store: new AttachmentStore(storageDir, attachmentMaxPixels),
      signer: createUrlSigner({ appUrl, appKey, ttlSeconds: attachmentUrlTtlSeconds }),
    });
  },
  { name: 'attachments' },
);
