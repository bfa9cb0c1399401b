import type { DirectMessageNotification, MentionNotification } from '@chat/shared';
import { DIRECT_MESSAGE_NOTIFICATION_TYPE, MENTION_NOTIFICATION_TYPE, routes } from '@chat/shared/constants';

type Shown = MentionNotification | DirectMessageNotification;

/** A notification Laravel broadcast on the user's channel, if it is a mention or a direct message this app can show. */
export function asMention(payload: unknown): Shown | undefined {
  const candidate = payload as Partial<Shown> | null | undefined;
  if (candidate?.type !== MENTION_NOTIFICATION_TYPE && candidate?.type !== DIRECT_MESSAGE_NOTIFICATION_TYPE) {
    return undefined;
  }
  if (typeof candidate.room_id !== 'number' || typeof candidate.room_name !== 'string') return undefined;
  if (typeof candidate.message?.user?.username !== 'string') return undefined;
  return candidate as Shown;
}

/**
 * The notification's title and body: '{author} in {room name}' for a mention, 'Direct message from {author}'
 * for a direct message; the message's text ('Image' for an image alone).
 */
export function mentionText({ type, room_name, message }: Shown): { title: string; body: string } {
  const body = message.content.trim() === '' && message.attachment_path ? 'Image' : message.content;
  const title =
    type === DIRECT_MESSAGE_NOTIFICATION_TYPE
      ? `Direct message from ${message.user.username}`
      : `${message.user.username} in ${room_name}`;
  return { title, body };
}

interface ShowOptions {
  /** The signed-in user: their own messages never notify them. */
  userId: number;
  /** Goes to the room or direct message the notification came from (a path of `routes`). */
  open: (to: string) => void;
}

/**
 * Shows a mention or a direct message as a system notification, only while this page is hidden (a visible page
 * shows it in the room list, 'Your rooms' and the room already) and never for the user's own message. Clicking
 * it brings this tab forward on that room and closes it. Returns the notification shown, if any.
 */
export function showMention(payload: unknown, { userId, open }: ShowOptions): Notification | undefined {
  const mention = asMention(payload);
  if (!mention || mention.message.user.id === userId) return undefined;
  if (document.visibilityState !== 'hidden') return undefined;
  if (typeof window.Notification !== 'function' || window.Notification.permission !== 'granted') {
    return undefined;
  }
  const { title, body } = mentionText(mention);
  const notification = new window.Notification(title, { body });
  notification.onclick = () => {
    window.focus();
    open(
      mention.type === DIRECT_MESSAGE_NOTIFICATION_TYPE
        ? routes.directMessage(mention.room_id)
        : routes.room(mention.room_id),
    );
    notification.close();
  };
  return notification;
}
