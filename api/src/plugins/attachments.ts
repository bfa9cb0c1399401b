import fp from 'fastify-plugin';
import type { AttachmentStore } from '../attachments/attachment-store';
import { DatabaseAttachmentStore } from '../attachments/database-attachment-store';
import { FileAttachmentStore } from '../attachments/file-attachment-store';
import { createUrlSigner, type UrlSigner } from '../attachments/signed-url';
import { RoomPurger } from '../services/purge-room';

declare module 'fastify' {
  interface FastifyInstance {
    attachments: { store: AttachmentStore; signer: UrlSigner };
    /** Deleted rooms' messages and images, deleted behind the request (services/purge-room). */
    purges: RoomPurger;
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
    const purges = new RoomPurger({ db: app.db, store, background: app.background, log: app.log });
    app.decorate('purges', purges);
    // Purges a stopped process left owing go on; the app stops after the batch under way.
    app.addHook('onReady', () => purges.resume());
    app.addHook('onClose', () => purges.close());
  },
  { name: 'attachments', dependencies: ['db'] },
);
