import type { HttpClient, Message, Room, RoomMember } from '@chat/shared';
import { stubHttp } from '@chat/shared/testing';
import type { AxiosRequestConfig } from 'axios';
import { aMessage } from './messages';

export const testRoom: Room = {
  id: 7,
  name: 'General',
  description: 'Talk',
  max_members: 100,
  members_count: 2,
  is_member: true,
  unread_count: 0,
  created_at: '2026-01-01T00:00:00.000000Z',
};

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  data?: unknown;
  params?: Record<string, unknown>;
}

/**
 * The API's answers for one room, at the network edge: the room's messages page like the server's,
 * and a posted message is stored once per client_msg_id. `failSends` makes posts fail as if offline.
 */
export function fakeRoomApi(initial: Message[] = [aMessage(1, { room_id: testRoom.id })]) {
  const messages = [...initial];
  const calls: Call[] = [];
  const state: {
    failSends: boolean;
    room: Room;
    /** The members as the API lists them; unset, everyone who wrote in the room. */
    members?: RoomMember[];
    /** Whom `GET users?q=` finds. */
    users: RoomMember[];
    /** The API's refusal of the next leave or invitation, as `{message, status}`. */
    refuseLeave?: { message: string; status: number };
    refuseInvite?: { message: string; status: number };
  } = { failSends: false, room: testRoom, users: [] };
  /** The owner's routes, as the API answers them. */
  const ownerPost = (url: string, data: unknown): unknown => {
    if (url.endsWith('/owner')) {
      state.room = { ...state.room, my_role: 'member' };
      return state.room;
    }
    if (state.refuseInvite) throw state.refuseInvite;
    const { username } = data as { username: string };
    const member = { id: 100 + (state.members?.length ?? 0), username };
    state.members = [...(state.members ?? []), { ...member, role: 'member' }];
    return member;
  };
  const http: HttpClient = stubHttp({
    get: async <T>(url: string, config?: AxiosRequestConfig) => {
      const params = (config?.params ?? {}) as {
        after_id?: number;
        before_id?: number;
        around_id?: number;
        limit?: number;
        q?: string;
      };
      calls.push({ method: 'GET', url, params });
      const limit = params.limit ?? 50;
      if (url === `chatrooms/${testRoom.id}`) return state.room as T;
      if (url === 'users') {
        const q = String(params.q ?? '').toLowerCase();
        return state.users.filter((user) => user.username.toLowerCase().startsWith(q)) as T;
      }
      if (url.endsWith('/members') && state.members) return state.members as T;
      if (url.endsWith('/members')) {
        // The room's members as the API lists them: here, everyone who wrote in it.
        const byId = new Map(messages.map((m) => [m.user.id, { id: m.user.id, username: m.user.username }]));
        return [...byId.values()] as T;
      }
      if (url.endsWith('/messages/search')) {
        // Plain substring matching, newest first, paged by before_id, like the server's answer.
        const q = (params.q ?? '').toLowerCase();
        const found = messages
          .filter((m) => m.id < (params.before_id ?? Number.POSITIVE_INFINITY))
          .filter((m) => m.content.toLowerCase().includes(q))
          .reverse();
        const page = found.slice(0, params.limit ?? 20);
        const results = page.map((message) => {
          const start = message.content.toLowerCase().indexOf(q);
          return { message, highlights: [{ start, end: start + q.length }] };
        });
        const more = found.length > page.length;
        return { results, next_before_id: more ? (page.at(-1)?.id ?? null) : null } as T;
      }
      if (params.around_id !== undefined) {
        const at = params.around_id;
        const before = messages.filter((m) => m.id < at).slice(-Math.floor(limit / 2));
        const from = messages.filter((m) => m.id >= at).slice(0, limit - before.length);
        return [...before, ...from] as T;
      }
      const page =
        params.after_id !== undefined
          ? messages.filter((m) => m.id > (params.after_id ?? 0)).slice(0, limit)
          : messages.filter((m) => m.id < (params.before_id ?? Number.POSITIVE_INFINITY)).slice(-limit);
      return page as T;
    },
    post: async <T>(url: string, data?: unknown) => {
      calls.push({ method: 'POST', url, data });
      if (url.endsWith('/join')) return { message: 'Joined the room.', room: state.room } as T;
      if (url.endsWith('/leave')) {
        if (state.refuseLeave) throw state.refuseLeave;
        return { message: 'Left the room.' } as T;
      }
      if (url.endsWith('/owner') || url.endsWith('/members')) return ownerPost(url, data) as T;
      if (url.endsWith('/read')) return undefined as T;
      if (state.failSends) throw { message: 'Something went wrong!', status: null };
      const body = data as { content: string; client_msg_id: string };
      const existing = messages.find((m) => m.client_msg_id === body.client_msg_id);
      if (existing) return existing as T;
      const stored = aMessage(messages.length + 1, {
        room_id: testRoom.id,
        content: body.content,
        client_msg_id: body.client_msg_id,
        user: { id: 2, username: 'me' },
      });
      messages.push(stored);
      return stored as T;
    },
    put: async <T>(url: string, data?: unknown) => {
      calls.push({ method: 'PUT', url, data });
      if (url.endsWith('/archive')) {
        state.room = { ...state.room, archived_at: '2026-02-01T00:00:00.000000Z' };
        return state.room as T;
      }
      state.room = { ...state.room, ...(data as Partial<Room>) };
      return state.room as T;
    },
    delete: async <T>(url: string) => {
      calls.push({ method: 'DELETE', url });
      if (url.endsWith('/archive')) {
        state.room = { ...state.room, archived_at: null };
        return state.room as T;
      }
      if (url === `chatrooms/${testRoom.id}`) return undefined as T;
      if (url.includes('/members/')) {
        state.members = state.members?.filter((member) => !url.endsWith(`/members/${member.id}`));
        return undefined as T;
      }
      const index = messages.findIndex((m) => url.endsWith(`/messages/${m.id}`));
      if (index < 0) throw { message: 'Not Found', status: 404 };
      messages.splice(index, 1);
      return undefined as T;
    },
  });
  return {
    http,
    messages,
    calls,
    state,
    /** Another member posts: stored on the server, not yet seen by the client. */
    postAs(username: string, content: string, overrides: Partial<Message> = {}) {
      const message = aMessage(messages.length + 1, {
        room_id: testRoom.id,
        content,
        user: { id: 3, username },
        ...overrides,
      });
      messages.push(message);
      return message;
    },
    gets: () => calls.filter((call) => call.method === 'GET'),
    sends: () => calls.filter((call) => call.method === 'POST' && call.url.endsWith('/messages')),
    reads: () => calls.filter((call) => call.method === 'POST' && call.url.endsWith('/read')),
  };
}
