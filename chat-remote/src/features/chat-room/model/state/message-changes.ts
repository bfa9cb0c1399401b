import type { Message, Reaction, ReactionChangedEvent } from '@chat/shared';
import { heldVersion, replaceMessage } from '../message-log';
import { quotesRefreshed } from '../reply-quote';
import { type ChatState, inEveryLog } from './chat-state';
import { findMessage } from './selectors';

/** Edits and reactions, applied to the held copy wherever it is held (live log or around-window). */

/** A held message's own reactions as this user last knew them, kept where an event cannot tell. */
function keepOwn(held: readonly Reaction[] | undefined, emoji: string): boolean {
  return held?.some((reaction) => reaction.emoji === emoji && reaction.me) ?? false;
}

/**
 * A message its author edited (the MessageUpdated event, or this user's own edit): replaces the held copy if
 * newer. An event's reactions all say `me: false`; this user's own are kept from the held copy.
 */
export function messageUpdated(state: ChatState, message: Message, fromEvent: boolean): ChatState {
  const held = findMessage(state, message.id);
  if (!held || state.deleted.has(message.id)) return state;
  const reactionsSeen = state.reactionVersions.get(message.id) ?? 0;
  const reactions =
    reactionsSeen > heldVersion(message)
      ? held.reactions
      : fromEvent && message.reactions
        ? message.reactions.map((r) => ({ ...r, me: keepOwn(held.reactions, r.emoji) }))
        : message.reactions;
  const original = new Set([message.id]);
  return inEveryLog(state, (log) =>
    quotesRefreshed(replaceMessage(log, { ...message, reactions }), original),
  );
}

/** A member reacted, or took a reaction back (ReactionChanged): the counts as of that change, if newer. */
export function reactionChanged(
  state: ChatState,
  event: ReactionChangedEvent,
  ownId: number | null,
): ChatState {
  const held = findMessage(state, event.message_id);
  const seen = Math.max(held ? heldVersion(held) : 0, state.reactionVersions.get(event.message_id) ?? 0);
  if (!held || seen >= event.version) return state;
  const reactions = event.reactions.map(({ emoji, count }) => ({
    emoji,
    count,
    me: event.user_id === ownId && emoji === event.emoji ? event.reacted : keepOwn(held.reactions, emoji),
  }));
  // The copy's own version stays: an edit older than this reaction but newer than the copy still applies.
  return {
    ...inEveryLog(state, (log) => replaceMessage(log, { ...held, reactions })),
    reactionVersions: new Map(state.reactionVersions).set(event.message_id, event.version),
  };
}

/**
 * This user's reactions on a message, set at once when they click (optimistic), and again from the API's
 * answer. `version` stays: the event of the same change, or a catch-up, brings the authoritative copy.
 */
export function reactionsSet(state: ChatState, messageId: number, reactions: readonly Reaction[]): ChatState {
  const held = findMessage(state, messageId);
  if (!held) return state;
  return inEveryLog(state, (log) => replaceMessage(log, { ...held, reactions: [...reactions] }));
}
