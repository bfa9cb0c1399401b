import type { Message } from '@chat/shared';

/**
 * The messages a room holds: ascending by id, each id once. Ids grow with every commit, so id order is
 * the order everyone sees.
 */
export type MessageLog = readonly Message[];

/** A copy's version: 0 from an API that sends none, where every copy counts as current. */
export const heldVersion = (message: Message): number => message.version ?? 0;

/** The later copy of a message: the one with the higher version; on a tie the incoming one (a fresher link). */
const newer = (held: Message | undefined, incoming: Message): Message =>
  held && heldVersion(held) > heldVersion(incoming) ? held : incoming;

function sortedUnique(messages: readonly Message[]): Message[] {
  const byId = new Map<number, Message>();
  for (const message of messages) byId.set(message.id, newer(byId.get(message.id), message));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * Puts `update` in the place of the held message with its id, unless the held copy is newer. Every other
 * message keeps its object, so only that message's row renders again.
 */
export function replaceMessage(held: MessageLog, update: Message): MessageLog {
  const index = held.findIndex(({ id }) => id === update.id);
  const current = held[index];
  if (!current || newer(current, update) === current) return held;
  const next = [...held];
  next[index] = update;
  return next;
}

/**
 * Adds `incoming` to `held`. A message already held is replaced by its newer copy (its signed attachment
 * URL may have been renewed), never by an older version of it (a read that crossed an edit). Appending and prepending a page, the usual cases, skip the full sort.
 */
export function mergeMessages(held: MessageLog, incoming: readonly Message[]): MessageLog {
  if (incoming.length === 0) return held;
  const fresh = sortedUnique(incoming);
  const first = held[0];
  const last = held.at(-1);
  const freshFirst = fresh[0];
  const freshLast = fresh.at(-1);
  if (!first || !last || !freshFirst || !freshLast) return fresh;
  if (freshFirst.id > last.id) return [...held, ...fresh];
  if (freshLast.id < first.id) return [...fresh, ...held];
  return sortedUnique([...held, ...fresh]);
}

export function lastId(log: MessageLog): number | null {
  return log.at(-1)?.id ?? null;
}
