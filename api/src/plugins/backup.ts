import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { FileAttachmentStore } from '../attachments/file-attachment-store';
import { BACKUP_TOKEN_HEADER, packEmbeddedBackup } from '../backup/take-backup';
import { notFound } from '../http/http-error';
import { bodyOf, errorResponses } from '../http/route-schemas';

export const BACKUP_ROUTE = '/internal/backup';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * With the embedded database, `pnpm db:backup` asks the running API for the backup, since only the process
 * holding PGlite can take it consistently (see backup/take-backup). The action answers only a caller on this
 * machine that shows the token this process wrote into the database's lock file (DATA_DIR/pglite.lock, mode
 * 0600): whoever can read that could copy the data folder anyway. Anyone else gets the 404 of an unknown route.
 */
export default fp(
  async (app) => {
    const embedded = app.embeddedDatabase;
    if (!embedded) return;
    const token = randomBytes(32).toString('base64url');

    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (!address || typeof address === 'string') return;
      const wildcard = address.address === '0.0.0.0' || address.address === '::';
      const host = wildcard ? (address.family === 'IPv6' ? '::1' : '127.0.0.1') : address.address;
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}${BACKUP_ROUTE}`;
      embedded.lock.advertise({ url, token });
    });

    // Left out of the OpenAPI document: a tool's door on this machine, not part of the contract.
    const schema = {
      hide: true,
      response: { 200: bodyOf('The backup file', 'application/x-tar'), ...errorResponses(404) },
    };
    app.get(BACKUP_ROUTE, { schema }, async (request, reply) => {
      const { remoteAddress = '', localAddress } = request.socket;
      const given = Buffer.from(String(request.headers[BACKUP_TOKEN_HEADER] ?? ''));
      const expected = Buffer.from(token);
      const sameMachine = LOOPBACK.test(remoteAddress) || remoteAddress === localAddress;
      if (!sameMachine || given.length !== expected.length || !timingSafeEqual(given, expected))
        throw notFound();
      const { store } = app.attachments;
      // Files written before a move to the database store are still the folder's, and backed up with it.
      const files =
        store instanceof FileAttachmentStore
          ? store
          : new FileAttachmentStore(app.config.storageDir, app.config.attachmentMaxPixels);
      request.log.info('backup of the embedded database requested');
      return reply.header('content-type', 'application/x-tar').send(packEmbeddedBackup(embedded, files));
    });
  },
  { name: 'backup', dependencies: ['db', 'attachments'] },
);
