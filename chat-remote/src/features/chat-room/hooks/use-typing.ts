import { useEffect, useMemo, useState } from 'react';
import type { PresenceMember } from '../model/presence';
import {
  createTypingSignal,
  nextExpiry,
  readWhisper,
  stillTyping,
  TYPING_EVENT,
  type Typist,
  typingNames,
  typingStarted,
  typingStopped,
} from '../model/typing';
import type { RoomPresenceChannel } from './use-presence';

export interface Typing {
  /** The other members typing now, by name, in the order they started. */
  names: string[];
  /** The draft changed and is not empty. */
  typed: () => void;
  /** The draft was sent or emptied. */
  stopped: () => void;
}

/**
 * Who else is typing in the room, from whispers on its presence channel, each shown until they stop, send
 * or go quiet for TYPING_TIMEOUT_MS; and this user's own typing, whispered at most once per
 * TYPING_THROTTLE_MS. The server never echoes a whisper to its sender; another tab of the same user is
 * another socket, so one's own id is left out here.
 */
export function useTyping(
  channel: RoomPresenceChannel | null,
  members: readonly PresenceMember[] | null,
  own: PresenceMember | null,
): Typing {
  const [typists, setTypists] = useState<Typist[]>([]);
  const ownId = own?.id ?? null;
  const ownName = own?.username ?? '';

  useEffect(() => {
    if (!channel) return;
    let open = true;
    const onWhisper = (data: unknown, metadata?: { user_id?: unknown }) => {
      const whisper = readWhisper(data, metadata?.user_id);
      if (!open || !whisper) return;
      setTypists((current) =>
        whisper.typing ? typingStarted(current, whisper, Date.now()) : typingStopped(current, whisper.id),
      );
    };
    channel.listenForWhisper(TYPING_EVENT, onWhisper);
    return () => {
      open = false;
      channel.stopListeningForWhisper(TYPING_EVENT, onWhisper);
      setTypists([]);
    };
  }, [channel]);

  useEffect(() => {
    const next = nextExpiry(typists);
    if (next === null) return;
    const timer = setTimeout(
      () => setTypists((current) => stillTyping(current, Date.now())),
      next - Date.now(),
    );
    return () => clearTimeout(timer);
  }, [typists]);

  const signal = useMemo(
    () =>
      createTypingSignal((typing) => {
        if (channel && ownId !== null)
          channel.whisper(TYPING_EVENT, { typing, id: ownId, username: ownName });
      }),
    [channel, ownId, ownName],
  );
  const names = useMemo(() => typingNames(typists, members, ownId), [typists, members, ownId]);
  return { names, typed: signal.typed, stopped: signal.stopped };
}
