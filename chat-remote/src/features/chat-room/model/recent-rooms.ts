import type { ChatStore } from './chat-store';
import type { MessageSync } from './message-sync';

/** How long a room closed by a switch keeps what it held, to show it at once when opened again. */
export const RECENT_ROOM_MS = 5 * 60_000;
/** At most this many closed rooms are kept; the one closed longest ago goes first. */
export const RECENT_ROOMS_MAX = 10;

export interface KeptRoom {
  store: ChatStore;
  sync: MessageSync;
}

type Kept = Map<number, KeptRoom & { closedAt: number }>;
/** Per app (its HTTP client): two apps on one page, or two tests, never share what they held. */
const keptBy = new WeakMap<object, Kept>();
const keptFor = (app: object): Kept => {
  const kept = keptBy.get(app) ?? new Map();
  keptBy.set(app, kept);
  return kept;
};

/**
 * The room as it was when last closed, within the last five minutes, for its view to open on: its messages
 * show at once and the catch-up that every opening runs (`after_id`, `changed_after`) brings what came since.
 * What belonged to that visit alone (a search, the around-window, where the divider stood) is not kept.
 */
export function takeRecentRoom(app: object, roomId: number, now = Date.now()): KeptRoom | undefined {
  const kept = keptFor(app);
  const entry = kept.get(roomId);
  kept.delete(roomId);
  if (!entry || now - entry.closedAt > RECENT_ROOM_MS) return undefined;
  entry.store.setState((state) => ({ ...state, around: null, search: null, divider: { decided: false } }));
  return { store: entry.store, sync: entry.sync };
}

export function keepRecentRoom(app: object, roomId: number, room: KeptRoom, now = Date.now()): void {
  const kept = keptFor(app);
  kept.delete(roomId);
  kept.set(roomId, { ...room, closedAt: now });
  for (const [id, entry] of kept) {
    if (kept.size <= RECENT_ROOMS_MAX && now - entry.closedAt <= RECENT_ROOM_MS) break;
    kept.delete(id);
  }
}
