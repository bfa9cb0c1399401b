import type { RuntimeConfig } from '@chat/shared';
import { ACCESS_TOKEN_COOKIE } from '@chat/shared/constants';
import type { FirstScreenData, FirstScreenRenderer } from '@chat/shared/first-screen';
import type { Message, Room, User } from '@chat/shared/schemas';

/** Past this, the page goes out as on any static host: a drawing must not cost the LCP it buys. */
export const DRAWING_BUDGET_MS = 300;
/** The newest page, as the room opens on it (MESSAGES_PAGE_DEFAULT). */
const OPENING_PAGE = 50;

export interface FirstScreen {
  markup: string;
  data: FirstScreenData;
}

/** The access token of a request's Cookie header (js-cookie writes it URI-encoded), or null. */
export function accessTokenOf(cookies: string | undefined): string | null {
  for (const cookie of (cookies ?? '').split(/;\s*/)) {
    if (!cookie.startsWith(`${ACCESS_TOKEN_COOKIE}=`)) continue;
    try {
      return decodeURIComponent(cookie.slice(ACCESS_TOKEN_COOKIE.length + 1)) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Draws an open room for its member: the session is verified by the API itself (`GET me` with the page's
 * token; the cookie's presence proves nothing), then the room and its newest page are read as the browser
 * would read them, and the remote's server build draws them. Null whenever the browser should draw instead:
 * no valid session, not a member (a newcomer's page must join first, which is a write, and the server
 * writes nothing), a refusal, or the budget spent. The token goes to the API only, never to the drawing.
 */
export async function drawFirstScreen({
  token,
  roomId,
  config,
  renderer,
  fetchFn = fetch,
  budgetMs = DRAWING_BUDGET_MS,
}: {
  token: string;
  roomId: number;
  config: RuntimeConfig;
  renderer: FirstScreenRenderer;
  fetchFn?: typeof fetch;
  budgetMs?: number;
}): Promise<FirstScreen | null> {
  const signal = AbortSignal.timeout(budgetMs);
  const read = async <T>(path: string): Promise<T | null> => {
    const response = await fetchFn(new URL(path, config.apiUrl), {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal,
    });
    return response.ok ? ((await response.json()) as T) : null;
  };
  try {
    const [me, room] = await Promise.all([read<User>('me'), read<Room>(`chatrooms/${roomId}`)]);
    if (!me || !room?.is_member) return null;
    const messages = await read<Message[]>(`chatrooms/${roomId}/messages?limit=${OPENING_PAGE}`);
    if (!Array.isArray(messages)) return null;
    return {
      markup: renderer.renderChatRoom({ room, messages }),
      data: {
        v: 1,
        config,
        me,
        queries: [
          [['me'], me],
          [['chatrooms', roomId], room],
          [['chatrooms', roomId, 'opening-page'], messages],
        ],
      },
    };
  } catch {
    // The API slow or down, or the drawing threw: the browser draws, and says what went wrong if it must.
    return null;
  }
}
