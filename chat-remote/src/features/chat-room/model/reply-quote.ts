import type { Message, ReplyQuote } from '@chat/shared';
// Bundled, not from the shell's shared copy: a shell deployed before replies lacks the constant.
import { REPLY_QUOTE_MAX } from '@chat/shared/schemas';
import type { MessageLog } from './message-log';

/** How a reply quotes its original, as the API does: the author and the start of the text. */
export function quoteOf(message: Message): ReplyQuote {
  return {
    id: message.id,
    content: [...message.content].slice(0, REPLY_QUOTE_MAX).join(''),
    has_attachment: message.attachment_path !== null,
    user: { id: message.user.id, username: message.user.username },
  };
}

const sameQuote = (held: ReplyQuote, fresh: ReplyQuote) =>
  held.content === fresh.content &&
  held.has_attachment === fresh.has_attachment &&
  held.user.username === fresh.user.username;

/**
 * The replies in `log` to any message of `changed` (ids), quoting their original as the log now holds it.
 * An edit changes the quote but not the reply's own version, so neither an event nor a catch-up brings the
 * reply again: its quote follows the original here. A quote already null (the original was deleted before the
 * read) stays so. Every other message keeps its object; with nothing to change, the log itself is returned.
 */
export function quotesRefreshed(log: MessageLog, changed: ReadonlySet<number>): MessageLog {
  if (changed.size === 0) return log;
  let originals: Map<number, Message> | undefined;
  let next: Message[] | undefined;
  log.forEach((message, index) => {
    const { reply_to_id: originalId, reply_to: quote } = message;
    if (originalId == null || !quote || !changed.has(originalId)) return;
    originals ??= new Map(log.filter(({ id }) => changed.has(id)).map((held) => [held.id, held]));
    const original = originals.get(originalId);
    if (!original) return;
    const fresh = quoteOf(original);
    if (sameQuote(quote, fresh)) return;
    next ??= [...log];
    next[index] = { ...message, reply_to: fresh };
  });
  return next ?? log;
}
