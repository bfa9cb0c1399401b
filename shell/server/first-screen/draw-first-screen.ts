import type { RuntimeConfig } from '@chat/shared';
import { accessTokenCookieValue } from '@chat/shared/constants';
import {
  FIRST_SCREEN_PART_ATTRIBUTE,
  FIRST_SCREEN_PROTOCOL,
  type FirstScreenData,
  type FirstScreenRenderer,
} from '@chat/shared/first-screen';
import { MESSAGES_PAGE_DEFAULT, type Message, type Room, type User } from '@chat/shared/schemas';
import { treesAsked } from '@chat/shared/trees-asked';

/** Past this, the page goes out as on any static host: a drawing must not cost the LCP it buys. */
export const DRAWING_BUDGET_MS = 300;

export interface FirstScreen {
  markup: string;
  data: FirstScreenData;
}

/** The access token of a request's Cookie header (js-cookie writes it URI-encoded), or null. */
export function accessTokenOf(cookies: string | undefined): string | null {
  const value = accessTokenCookieValue(cookies ?? '');
  try {
    return value ? decodeURIComponent(value) : null;
  } catch {
    return null;
  }
}

interface Drawing {
  token: string;
  config: RuntimeConfig;
  renderer: FirstScreenRenderer;
  fetchFn?: typeof fetch;
  budgetMs?: number;
}

/** What the page starts from: the configuration drawn with, the verified user, and the answers under their keys. */
const dataOf = (config: RuntimeConfig, me: User, queries: FirstScreenData['queries']): FirstScreenData => ({
  v: FIRST_SCREEN_PROTOCOL,
  config,
  me,
  queries: [[['me'], me], ...queries],
});

/** GETs of the API as this visitor, all inside one budget; null for any answer but a success. */
function reader({ token, config, fetchFn = fetch, budgetMs = DRAWING_BUDGET_MS }: Drawing) {
  const signal = AbortSignal.timeout(budgetMs);
  return async <T>(path: string): Promise<T | null> => {
    const response = await fetchFn(new URL(path, config.apiUrl), {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal,
    });
    return response.ok ? ((await response.json()) as T) : null;
  };
}

/**
 * Draws an open room for its member: the session is verified by the API itself (`GET me` with the page's
 * token; the cookie's presence proves nothing), then the room and its newest page are read as the browser
 * would read them, and the remote's server build draws them. Null whenever the browser should draw instead:
 * no valid session, not a member (a newcomer's page must join first, which is a write, and the server
 * writes nothing), a refusal, or the budget spent. The token goes to the API only, never to the drawing.
 */
export async function drawChatRoom(drawing: Drawing & { roomId: number }): Promise<FirstScreen | null> {
  const { roomId, renderer, config } = drawing;
  if (!renderer.renderChatRoom) return null;
  const read = reader(drawing);
  try {
    const [me, room] = await Promise.all([read<User>('me'), read<Room>(`chatrooms/${roomId}`)]);
    if (!me || !room?.is_member) return null;
    // With their trees, as the page's own read asks: the room is drawn formatted, and the page that takes
    // over renders the same rows with no parse and no parser's chunk.
    const query = new URLSearchParams({ limit: String(MESSAGES_PAGE_DEFAULT), ...treesAsked() });
    const messages = await read<Message[]>(`chatrooms/${roomId}/messages?${query}`);
    if (!Array.isArray(messages)) return null;
    return {
      markup: renderer.renderChatRoom({ room, messages }),
      data: dataOf(config, me, [
        [['chatrooms', roomId], room],
        [['chatrooms', roomId, 'opening-page'], messages],
      ]),
    };
  } catch {
    // The API slow or down, or the drawing threw: the browser draws, and says what went wrong if it must.
    return null;
  }
}

/**
 * Draws the room list and 'Your rooms' for a verified session, from `GET chatrooms` and `GET direct-messages`
 * (an API without direct messages: 'Your rooms' lists none, and the page asks again itself).
 */
export async function drawRoomList(drawing: Drawing): Promise<FirstScreen | null> {
  const { renderer, config } = drawing;
  if (!renderer.renderRoomList) return null;
  const read = reader(drawing);
  try {
    const [me, rooms, directMessages] = await Promise.all([
      read<User>('me'),
      read<Room[]>('chatrooms'),
      read<Room[]>('direct-messages'),
    ]);
    if (!me || !Array.isArray(rooms)) return null;
    const direct = Array.isArray(directMessages) ? directMessages : null;
    const { panel, list } = renderer.renderRoomList({ rooms, directMessages: direct });
    return {
      // The home page's two columns (shell/src/features/home/home-layout.css; the template's CSS places them).
      markup: `<aside ${FIRST_SCREEN_PART_ATTRIBUTE}="panel">${panel}</aside><div ${FIRST_SCREEN_PART_ATTRIBUTE}="list">${list}</div>`,
      data: dataOf(config, me, [
        [['chatrooms'], rooms],
        ...(direct ? [[['direct-messages'], direct] satisfies FirstScreenData['queries'][number]] : []),
      ]),
    };
  } catch {
    return null;
  }
}
