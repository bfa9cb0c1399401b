import { REACTIONS_PER_MESSAGE_MAX } from '@chat/shared/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/schema';
import type { Publisher } from '../realtime/publisher';
import { publishReactionChanged } from '../realtime/reaction-changed';
import { type ReactionOutcome, setReaction } from '../repositories/messages/set-reaction';
import type { RoomPageCache } from '../repositories/room-page-cache';

export interface ReactDeps {
  db: Db;
  publisher: Publisher;
  pages: RoomPageCache | null;
  log: FastifyBaseLogger;
}

/**
 * The one reaction path: add (`reacted`) or remove a member's emoji on a message, idempotently (see
 * repositories/messages/set-reaction); then, only when something changed and after the commit, the page cache
 * and ReactionChanged on the room's channel. A failed publish is logged and the change stands.
 */
export async function reactToMessage(
  deps: ReactDeps,
  target: { roomId: number; messageId: number; userId: number; emoji: string; reacted: boolean },
): Promise<ReactionOutcome> {
  const outcome = await setReaction(deps.db, { ...target, maxEmojis: REACTIONS_PER_MESSAGE_MAX });
  if (outcome.status !== 'done' || !outcome.changed) return outcome;
  const { message } = outcome;
  deps.pages?.updated(message, false);
  await publishReactionChanged(deps.publisher, {
    room_id: message.room_id,
    message_id: message.id,
    version: message.version,
    user_id: target.userId,
    emoji: target.emoji,
    reacted: target.reacted,
    reactions: message.reactions.map(({ emoji, count }) => ({ emoji, count })),
  }).catch((error: unknown) =>
    deps.log.warn({ err: error, messageId: message.id }, 'ReactionChanged broadcast failed'),
  );
  return outcome;
}
