import type { ChatStore } from './chat-store';
import type { MessageSync } from './message-sync';
import { onOwnHandover } from './own-handover';

/** How long a room closed by a switch stays live in the background, to show it at once when opened again. */
export const RECENT_ROOM_MS = 5 * 60_000;
/** At most this many closed rooms are kept; the one closed longest ago goes first. */
export const RECENT_ROOMS_MAX = 10;

export interface KeptRoom {
  store: ChatStore;
  sync: MessageSync;
}

interface Entry extends KeptRoom {
  /** Stops what kept the room current while closed (its live subscription). */
  release: () => void;
  expiry: ReturnType<typeof setTimeout>;
}

type Kept = Map<number, Entry>;
/** Per app (its HTTP client): two apps on one page, or two tests, never share what they held. */
const keptBy = new WeakMap<object, Kept>();
/** Every app's, for a handover, which releases them all. */
const everyKept = new Set<Kept>();
const keptFor = (app: object): Kept => {
  const kept = keptBy.get(app) ?? new Map();
  keptBy.set(app, kept);
  everyKept.add(kept);
  return kept;
};

let handedOver = false;

function drop(kept: Kept, roomId: number): void {
  const entry = kept.get(roomId);
  if (!entry) return;
  kept.delete(roomId);
  clearTimeout(entry.expiry);
  entry.release();
}

/**
 * A room closed by a switch in the last five minutes, as it is now: its live subscription kept feeding it
 * while closed, so its view opens on the newest messages at once (the catch-up every opening runs confirms
 * them). Read while rendering, so it takes nothing: `claimRecentRoom` does, once the view is mounted.
 */
export function recentRoom(app: object, roomId: number): KeptRoom | undefined {
  const entry = keptFor(app).get(roomId);
  if (!entry) return undefined;
  // What belonged to the last visit alone (a search, the around-window, where the divider stood) is not
  // reopened. Done here, as the new view is made, not when the old one closed: StrictMode closes and reopens
  // a view it keeps, whose divider is decided once.
  entry.store.setState((state) => ({ ...state, around: null, search: null, divider: { decided: false } }));
  return { store: entry.store, sync: entry.sync };
}

/** The view is open again: the kept subscription stops (the view's own takes over). */
export function claimRecentRoom(app: object, roomId: number): void {
  drop(keptFor(app), roomId);
}

const gone = new WeakMap<object, Set<number>>();

/**
 * The user left the room (or closed the direct message): nothing of it is kept, and the view about to close
 * releases its subscription at once instead of keeping it.
 */
export function forgetRecentRoom(app: object, roomId: number): void {
  drop(keptFor(app), roomId);
  const rooms = gone.get(app) ?? new Set<number>();
  rooms.add(roomId);
  gone.set(app, rooms);
}

/** Keeps a closed room for RECENT_ROOM_MS, live through `release`'s subscription. */
export function keepRecentRoom(app: object, roomId: number, room: KeptRoom, release: () => void): void {
  const kept = keptFor(app);
  drop(kept, roomId);
  if (handedOver || gone.get(app)?.delete(roomId)) {
    release();
    return;
  }
  const expiry = setTimeout(() => drop(kept, roomId), RECENT_ROOM_MS);
  kept.set(roomId, { ...room, release, expiry });
  while (kept.size > RECENT_ROOMS_MAX) drop(kept, kept.keys().next().value as number);
}

/**
 * The shell is replacing this build with another version of the remote: no closed room stays live here, and a
 * view closing from now on releases at once. A room kept longer would leave, at its expiry, the channel the
 * next version subscribed meanwhile (Echo holds one channel per name for the page).
 */
export function releaseRecentRooms(): void {
  handedOver = true;
  for (const kept of everyKept) for (const roomId of [...kept.keys()]) drop(kept, roomId);
}

// Heard for as long as this build is in the page, a room open or not: closed rooms are what it releases.
if (typeof window !== 'undefined') onOwnHandover(releaseRecentRooms);
