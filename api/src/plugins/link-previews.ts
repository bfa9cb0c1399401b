import fp from 'fastify-plugin';
import { FETCH_MAX_BYTES, FETCH_MAX_REDIRECTS, FETCH_TIMEOUT_MS } from '../link-previews/fetch-rules';
import { LinkPreviews, PRUNE_EVERY_MS } from '../link-previews/link-previews';
import { dnsResolver, type Resolver } from '../link-previews/resolver';
import { attachLinkPreview } from '../services/attach-link-preview';

declare module 'fastify' {
  interface FastifyInstance {
    /** Null with `LINK_PREVIEWS=off`: messages then never get a preview. */
    linkPreviews: LinkPreviews | null;
  }
}

export default fp<{ resolver?: Resolver }>(
  async (app, options) => {
    const settings = app.config.linkPreviews;
    if (!settings.enabled) {
      app.decorate('linkPreviews', null);
      return;
    }
    const previews = new LinkPreviews({
      db: app.db,
      store: app.attachments.store,
      rules: {
        resolver: options.resolver ?? dnsResolver,
        allowList: settings.allowList,
        userAgent: `FederatedChatRooms-LinkPreview/1.0 (+${app.config.appUrl})`,
        timeoutMs: FETCH_TIMEOUT_MS,
        maxBytes: FETCH_MAX_BYTES,
        maxRedirects: FETCH_MAX_REDIRECTS,
      },
      cacheSeconds: settings.cacheSeconds,
      concurrency: settings.concurrency,
      perUserPerHour: settings.perUserPerHour,
      log: app.log,
      attach: (message, url) =>
        attachLinkPreview(
          {
            db: app.db,
            signer: app.attachments.signer,
            publisher: app.publisher,
            pages: app.pages,
            log: app.log,
          },
          message,
          url,
        ),
    });
    app.decorate('linkPreviews', previews);
    // Rows no message shows would otherwise stay for good, one per page ever linked (with its image).
    const pruning = setInterval(() => void previews.prune(), PRUNE_EVERY_MS).unref();
    // Before the database closes: a preview under way is dropped, not written to a closed database.
    app.addHook('onClose', () => {
      clearInterval(pruning);
      return previews.close();
    });
  },
  { name: 'link-previews', dependencies: ['db', 'attachments', 'realtime'] },
);
