import type { Message, ReplyQuote } from '@chat/shared';
// Bundled, not from the shell's shared copy: a shell deployed before replies lacks the constant.
import { REPLY_QUOTE_MAX } from '@chat/shared/schemas';

/** How a reply quotes its original, as the API does: the author and the start of the text. */
export function quoteOf(message: Message): ReplyQuote {
  return {
    id: message.id,
    content: [...message.content].slice(0, REPLY_QUOTE_MAX).join(''),
    has_attachment: message.attachment_path !== null,
    user: { id: message.user.id, username: message.user.username },
  };
}
