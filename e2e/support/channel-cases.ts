import type { APIRequestContext } from '@playwright/test';
import { bearer } from './api';
import type { PusherProbe } from './pusher-probe';

/** The API's answer to the signature request (null: none asked), then the websocket server's. */
export interface Answer {
  status: number | null;
  outcome: string;
}

export interface ChannelCase {
  name: string;
  expected: Answer;
  /** `probe` and `other`: two fresh sockets on the server under test. */
  run(probe: PusherProbe, other: PusherProbe): Promise<Answer>;
}

/** Who asks, about which rooms: `member` and `second` are members of `roomId`, `outsider` is not. */
export interface CaseActors {
  request: APIRequestContext;
  tokens: { member: string; second: string; outsider: string };
  roomId: number;
  /** A room `member` belongs to as well. */
  otherRoomId: number;
}

export interface Signature {
  status: number;
  auth?: string;
  channel_data?: string;
}

/** `/broadcasting/auth` of the API process at `api` (an origin), asked as `token` (null: signed out). */
export async function signSubscription(
  request: APIRequestContext,
  api: string,
  token: string | null,
  socketId: string,
  channel: string,
): Promise<Signature> {
  const response = await request.post(`${api}/broadcasting/auth`, {
    data: { socket_id: socketId, channel_name: channel },
    headers: token ? bearer(token) : {},
  });
  return { status: response.status(), ...(response.ok() ? ((await response.json()) as Signature) : {}) };
}

const WHISPER_WAIT_MS = 3_000;

/**
 * What authorising a subscription means, asked of one websocket server and the API process that signs for
 * it (`api`, an origin): the same questions must get the same answers from every server the app may run on.
 */
export function channelCases(
  { request, tokens, roomId, otherRoomId }: CaseActors,
  api: string,
): ChannelCase[] {
  const privateRoom = `private-chatroom.${roomId}`;
  const presenceRoom = `presence-chatroom.${roomId}`;
  const sign = (token: string | null, socketId: string, channel: string) =>
    signSubscription(request, api, token, socketId, channel);
  /** Signed for `socketId` (the probe's own unless told), subscribed on `probe`. */
  const signed = async (
    probe: PusherProbe,
    token: string | null,
    channel: string,
    socketId = probe.socketId,
  ) => {
    const { status, auth, channel_data } = await sign(token, socketId, channel);
    return { status, outcome: await probe.subscribe(channel, auth, channel_data) };
  };
  return [
    {
      name: 'private-chatroom, any signed-in user',
      expected: { status: 200, outcome: 'subscribed' },
      run: (probe) => signed(probe, tokens.outsider, 'private-chatroom'),
    },
    {
      name: 'private-chatroom, signed out: no signature',
      expected: { status: 403, outcome: 'refused' },
      run: (probe) => signed(probe, null, 'private-chatroom'),
    },
    {
      name: 'private-chatroom, a forged signature',
      expected: { status: null, outcome: 'refused' },
      run: async (probe) => ({
        status: null,
        outcome: await probe.subscribe('private-chatroom', `chat-key:${'0'.repeat(64)}`),
      }),
    },
    {
      name: 'private-chatroom.{id}, a member',
      expected: { status: 200, outcome: 'subscribed' },
      run: (probe) => signed(probe, tokens.member, privateRoom),
    },
    {
      name: 'private-chatroom.{id}, not a member: no signature',
      expected: { status: 403, outcome: 'refused' },
      run: (probe) => signed(probe, tokens.outsider, privateRoom),
    },
    {
      name: "private-chatroom.{id}, a member's signature for another socket",
      expected: { status: 200, outcome: 'refused' },
      run: (probe, other) => signed(probe, tokens.member, privateRoom, other.socketId),
    },
    {
      name: "private-chatroom.{id}, a signature for another room's channel",
      expected: { status: 200, outcome: 'refused' },
      run: async (probe) => {
        const { status, auth } = await sign(tokens.member, probe.socketId, `private-chatroom.${otherRoomId}`);
        return { status, outcome: await probe.subscribe(privateRoom, auth) };
      },
    },
    {
      name: 'presence-chatroom.{id}, a member',
      expected: { status: 200, outcome: 'subscribed' },
      run: (probe) => signed(probe, tokens.member, presenceRoom),
    },
    {
      name: 'presence-chatroom.{id}, not a member: no signature',
      expected: { status: 403, outcome: 'refused' },
      run: (probe) => signed(probe, tokens.outsider, presenceRoom),
    },
    {
      name: "presence-chatroom.{id}, a member's signature with channel_data naming someone else",
      expected: { status: 200, outcome: 'refused' },
      run: async (probe) => {
        const { status, auth, channel_data } = await sign(tokens.member, probe.socketId, presenceRoom);
        const impostor = JSON.stringify({ ...JSON.parse(channel_data ?? '{}'), user_id: 999_999_999 });
        return { status, outcome: await probe.subscribe(presenceRoom, auth, impostor) };
      },
    },
    {
      name: "presence-chatroom.{id}, a member's whisper reaches another member",
      expected: { status: 200, outcome: 'relayed' },
      run: async (probe, other) => {
        const mine = await signed(probe, tokens.member, presenceRoom);
        const theirs = await signed(other, tokens.second, presenceRoom);
        if (mine.outcome !== 'subscribed' || theirs.outcome !== 'subscribed')
          return { status: mine.status, outcome: `${mine.outcome}/${theirs.outcome}` };
        await probe.whisper(presenceRoom, 'client-typing', { typing: true });
        const deadline = Date.now() + WHISPER_WAIT_MS;
        while (Date.now() < deadline) {
          const frames = await other.framesOn(presenceRoom);
          if (frames.some((frame) => frame.event === 'client-typing'))
            return { status: 200, outcome: 'relayed' };
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return { status: 200, outcome: 'not relayed' };
      },
    },
  ];
}
