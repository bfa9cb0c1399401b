import type { RuntimeConfig } from '../config/runtime-config';
import type { Message } from '../schemas/message';
import type { Room } from '../schemas/room';
import type { User } from '../schemas/user';

/**
 * The first screen drawn by the shell's server (docs/architecture.md, "The first screen from the server"):
 * what the shell's server, the page and a remote's server build agree on. Constants and types only, and
 * one DOM call, so the shell's entry can read it before any shared package has arrived.
 */

/** The version of this agreement; a remote's build that speaks another is not drawn by the server. */
export const FIRST_SCREEN_PROTOCOL = 1;

/** Published beside a remote's mf-manifest.json by its server build: which file draws, for which version. */
export const FIRST_SCREEN_MANIFEST = 'server/first-screen.json';

export interface FirstScreenManifest {
  protocol: number;
  /** Equal to the mf-manifest's `metaData.buildInfo.buildVersion`: both builds come from one deploy. */
  buildVersion: string;
  /** The CommonJS file, relative to this manifest. */
  entry: string;
}

/** What the chat remote's server build draws: the open room, as its member sees it before any script. */
export interface ChatRoomFirstScreen {
  room: Room;
  /** The newest page, ascending (`GET chatrooms/{id}/messages`). */
  messages: Message[];
}

/** What the rooms remote's server build draws: the room list and 'Your rooms', as this user sees them. */
export interface RoomListFirstScreen {
  /** `GET chatrooms`. */
  rooms: Room[];
  /** `GET direct-messages`; null from an API without direct messages. */
  directMessages: Room[] | null;
}

/** The two places of the home page the rooms remote draws (the shell lays them out as home-layout.css does). */
export interface RoomListMarkup {
  /** 'Your rooms', beside the list (above it on a phone). */
  panel: string;
  /** The room list. */
  list: string;
}

/** The exports of a remote's server build: each remote draws its own screen. */
export interface FirstScreenRenderer {
  renderChatRoom?(screen: ChatRoomFirstScreen): string;
  renderRoomList?(screen: RoomListFirstScreen): RoomListMarkup;
}

/** The page's JSON data block (`<script type="application/json">`: never executed, so the CSP allows it). */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

export interface FirstScreenData {
  v: typeof FIRST_SCREEN_PROTOCOL;
  /** The configuration the markup was drawn with (this browser's canary arm): the page needs no /config.json. */
  config: RuntimeConfig;
  me: User;
  /** React Query entries, by the keys the screens read them with. */
  queries: [readonly unknown[], unknown][];
}

/** The element in the page that holds the server's drawing until the app's own screen has painted. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/** Dispatched on `document` by a remote once its own screen has painted; the shell then drops the drawing. */
export const FIRST_SCREEN_PAINTED_EVENT = 'chat:first-screen-painted';

/**
 * A drawing of several parts names each (`data-first-screen-part`); the drawing stays until every part has
 * been announced. One part moving in alone would move the others: on a phone 'Your rooms' stands above the list.
 */
export const FIRST_SCREEN_PART_ATTRIBUTE = 'data-first-screen-part';

/** `part`: which part of a drawing of several has painted; none for a screen drawn whole. */
export function announceFirstScreenPainted(part?: string): void {
  if (typeof document !== 'undefined')
    document.dispatchEvent(new CustomEvent(FIRST_SCREEN_PAINTED_EVENT, { detail: part }));
}

/** The data block of a page the server drew, or null (any other page, or a block of another protocol). */
export function readFirstScreenData(): FirstScreenData | null {
  const block = document.getElementById(FIRST_SCREEN_DATA_ID);
  if (!block?.textContent) return null;
  try {
    const data = JSON.parse(block.textContent) as FirstScreenData;
    return data.v === FIRST_SCREEN_PROTOCOL ? data : null;
  } catch {
    return null;
  }
}

/**
 * JSON that may stand inside a `<script>` element: `<` `>` `&` and the two JavaScript line separators are
 * written as escapes, so no message text can close the element. (Five replacements; a library would add a
 * dependency to the shell's server for less than this file.)
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
