import type { Message } from '@chat/shared/schemas';
import type { UrlSigner } from '../attachments/signed-url';
import type { MessageRow } from '../repositories/messages';

/** The contract's Message: the stored file name never leaves the server, only a fresh signed link to it. */
export function toMessageResource(row: MessageRow, signer: UrlSigner): Message {
  return {
    id: row.id,
    room_id: row.room_id,
    content: row.content,
    attachment_path: row.attachment_name ? signer.sign(row.attachment_name) : null,
    created_at: row.created_at,
    user: { id: row.user_id, username: row.username },
    client_msg_id: row.client_msg_id,
  };
}
