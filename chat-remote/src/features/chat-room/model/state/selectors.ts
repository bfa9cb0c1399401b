import type { Message } from '@chat/shared';
import type { ChatState } from './chat-state';

/** The held copy of a message, in the live log or the around-window: the one question every caller asks. */
export function findMessage(state: ChatState, id: number): Message | undefined {
  return state.messages.find((m) => m.id === id) ?? state.around?.messages.find((m) => m.id === id);
}

/** Whether the live log holds the message (a jump there needs no window). */
export function inLiveLog(state: ChatState, id: number): boolean {
  return state.messages.some((m) => m.id === id);
}

/** Whether an around-window is open and holds the message. */
export function inAround(state: ChatState, id: number): boolean {
  return Boolean(state.around?.messages.some((m) => m.id === id));
}

/**
 * Whom `@` can name: the room's members (GET chatrooms/{id}/members), and, for an API without that endpoint,
 * who has the room open (presence) and everyone who wrote or was mentioned in the messages held; this user
 * left out; by name.
 */
export function knownMembers(
  state: ChatState,
  present: readonly { id: number; username: string }[],
  ownId: number | null,
): string[] {
  const names = new Map<number, string>();
  for (const member of present) names.set(member.id, member.username);
  for (const log of [state.messages, state.around?.messages ?? []]) {
    for (const message of log) {
      names.set(message.user.id, message.user.username);
      for (const mention of message.mentions ?? []) names.set(mention.id, mention.username);
    }
  }
  if (ownId !== null) names.delete(ownId);
  return [...names.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}
