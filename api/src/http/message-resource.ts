import type { Message, Reaction } from '@chat/shared/schemas';
import type { UrlSigner } from '../attachments/signed-url';
import type { MessageRow, StoredReaction } from '../repositories/messages/columns';

/** A message's reactions as `viewerId` sees them; null (an event every member receives): `me` all false. */
export function toReactions(reactions: readonly StoredReaction[], viewerId: number | null): Reaction[] {
  return reactions.map((reaction) => ({
    emoji: reaction.emoji,
    count: reaction.count,
    me: viewerId !== null && reaction.user_ids.includes(viewerId),
  }));
}

/**
 * The contract's Message, for every read, the send's answer and the events: the stored file name never leaves
 * the server, only a fresh signed link to it (the preview's image likewise); `me` in the reactions is `viewerId`'s (false for all with null).
 */
export function toMessageResource(row: MessageRow, signer: UrlSigner, viewerId: number | null): Message {
  return {
    id: row.id,
    room_id: row.room_id,
    content: row.content,
    attachment_path: row.attachment_name ? signer.sign(row.attachment_name) : null,
    created_at: row.created_at,
    user: { id: row.user_id, username: row.username },
    client_msg_id: row.client_msg_id,
    edited_at: row.edited_at,
    reply_to_id: row.reply_to_id,
    reply_to: row.reply_to,
    reactions: toReactions(row.reactions, viewerId),
    mentions: row.mentions,
    version: row.version,
    preview: row.preview
      ? {
          url: row.preview.url,
          title: row.preview.title,
          description: row.preview.description,
          site_name: row.preview.site_name,
          image_url: row.preview.image_name ? signer.sign(row.preview.image_name) : null,
        }
      : null,
  };
}
