import type { Message } from '@chat/shared';

/**
 * The messages a room holds: ascending by id, each id once. Ids grow with every commit, so id order is
 * the order everyone sees.
 */
export type MessageLog = readonly Message[];

function sortedUnique(messages: readonly Message[]): Message[] {
  const byId = new Map<number, Message>();
  for (const message of messages) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * Adds `incoming` to `held`. A message already held is replaced by its newer copy (its signed attachment
 * URL may have been renewed). Appending and prepending a page, the usual cases, skip the full sort.
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
