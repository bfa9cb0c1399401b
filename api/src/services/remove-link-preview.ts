import type { Db } from '../db/schema';
import {
  type RemovePreviewOutcome,
  removePreview as removeRow,
} from '../repositories/link-previews/remove-preview';
import { announcePreviewChange, type PreviewChangeDeps } from './announce-preview-change';

export interface RemoveLinkPreviewDeps extends PreviewChangeDeps {
  db: Db;
}

/**
 * 'Remove preview': by whoever may delete the message (repositories/link-previews/remove-preview), then,
 * after the commit, MessageUpdated with the message at its new version and `preview` null. Removing a preview
 * that is not there changes nothing and announces nothing.
 */
export async function removeLinkPreview(
  deps: RemoveLinkPreviewDeps,
  target: { roomId: number; messageId: number; userId: number },
): Promise<RemovePreviewOutcome> {
  const outcome = await removeRow(deps.db, target);
  if (outcome.status === 'removed') await announcePreviewChange(deps, outcome);
  return outcome;
}
