import fp from 'fastify-plugin';
import type { AttachmentStore } from '../attachments/attachment-store';
import { DatabaseAttachmentStore } from '../attachments/database-attachment-store';
import { FileAttachmentStore } from '../attachments/file-attachment-store';
import { createUrlSigner, type UrlSigner } from '../attachments/signed-url';

declare module 'fastify' {
  interface FastifyInstance {
    attachments: { store: AttachmentStore; signer: UrlSigner };
  }
}

export default fp(
  async (app) => {
    const { storageDir, appUrl, appKey, attachmentUrlTtlSeconds, attachmentMaxPixels } = app.config;
    const store =
      app.config.attachmentStore === 'database'
        ? new DatabaseAttachmentStore(app.db, attachmentMaxPixels)
        : new FileAttachmentStore(storageDir, attachmentMaxPixels);
    app.decorate('attachments', {
      store,
      signer: createUrlSigner({ appUrl, appKey, ttlSeconds: attachmentUrlTtlSeconds }),
    });
  },
  { name: 'attachments', dependencies: ['db'] },
);
