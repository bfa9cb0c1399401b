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
 * The contract's Message: the stored file name never leaves the server, only a fresh signed link to it, for
 * `readerId` when the image is for the room's members only (see attachments/signed-url); `me` in the
 * reactions is `viewerId`'s (false for all with null).
 */
function build(
  row: MessageRow,
  signer: UrlSigner,
  viewerId: number | null,
  readerId: number | null,
): Message {
  if (row.attachment_for_members && readerId === null)
    throw new Error(`Message ${row.id}: a members-only image has no link for everyone`);
  const reader = row.attachment_for_members ? { roomId: row.room_id, userId: readerId as number } : null;
  return {
    id: row.id,
    room_id: row.room_id,
    content: row.content,
    attachment_path: row.attachment_name ? signer.sign(row.attachment_name, reader) : null,
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

/** The Message as `viewerId` reads it (every read, the send's and the edit's answers). */
export function toMessageResource(row: MessageRow, signer: UrlSigner, viewerId: number): Message {
  return build(row, signer, viewerId, viewerId);
}

/**
 * The Message for an event every member of the room hears (`me` all false), or null when its image is for
 * members only: a link signed for one member cannot go to all, so they read it instead, as they read a
 * message too large for an event.
 */
export function toSharedMessageResource(row: MessageRow, signer: UrlSigner): Message | null {
  return row.attachment_for_members ? null : build(row, signer, null, null);
}

/** The Message for an event on one member's own channel (a notification): `me` all false, the link theirs. */
export type MessageForMember = (userId: number) => Message;

export function messageForMember(row: MessageRow, signer: UrlSigner): MessageForMember {
  return (userId) => build(row, signer, null, userId);
}
