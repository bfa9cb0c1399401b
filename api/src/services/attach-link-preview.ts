import type { Db } from '../db/schema';
import { firstLink } from '../link-previews/first-link';
import { attachPreview } from '../repositories/link-previews/attach-preview';
import type { MessageRow } from '../repositories/messages/columns';
import { announcePreviewChange, type PreviewChangeDeps } from './announce-preview-change';

export interface AttachLinkPreviewDeps extends PreviewChangeDeps {
  db: Db;
}

/**
 * A page's preview, once read, goes under the message that links to it (unless it was edited to link
 * elsewhere meanwhile, or its room archived; see repositories/link-previews/attach-preview), then, after the
 * commit, MessageUpdated with the message at its new version.
 */
export async function attachLinkPreview(
  deps: AttachLinkPreviewDeps,
  message: Pick<MessageRow, 'id' | 'room_id'>,
  url: string,
): Promise<void> {
  const outcome = await attachPreview(deps.db, {
    roomId: message.room_id,
    messageId: message.id,
    url,
    linksTo: (content) => firstLink(content) === url,
  });
  if (outcome.status === 'attached') await announcePreviewChange(deps, outcome);
}
