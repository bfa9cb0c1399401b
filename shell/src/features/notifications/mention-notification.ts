import type { MentionNotification } from '@chat/shared';
import { MENTION_NOTIFICATION_TYPE } from '@chat/shared';

/** A notification Laravel broadcast on the user's channel, if it is a mention this app can show. */
export function asMention(payload: unknown): MentionNotification | undefined {
  const candidate = payload as Partial<MentionNotification> | null | undefined;
  if (candidate?.type !== MENTION_NOTIFICATION_TYPE) return undefined;
  if (typeof candidate.room_id !== 'number' || typeof candidate.room_name !== 'string') return undefined;
  if (typeof candidate.message?.user?.username !== 'string') return undefined;
  return candidate as MentionNotification;
}

/** The notification's title and body: '{author} in {room name}', the message's text ('Image' for an image alone). */
export function mentionText({ room_name, message }: MentionNotification): { title: string; body: string } {
  const body = message.content.trim() === '' && message.attachment_path ? 'Image' : message.content;
  return { title: `${message.user.username} in ${room_name}`, body };
}

interface ShowOptions {
  /** The signed-in user: their own messages never notify them. */
  userId: number;
  /** Opens the room the mention came from. */
  openRoom: (roomId: number) => void;
}

/**
 * Shows the mention as a system notification, only while this page is hidden (a visible page shows it in
 * the room list and the room already) and never for the user's own message. Clicking it brings this tab
 * forward on that room and closes it. Returns the notification shown, if any.
 */
export function showMention(payload: unknown, { userId, openRoom }: ShowOptions): Notification | undefined {
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
    openRoom(mention.room_id);
    notification.close();
  };
  return notification;
}
