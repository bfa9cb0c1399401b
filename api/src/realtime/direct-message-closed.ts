import { DIRECT_MESSAGE_CLOSED_EVENT as CLIENT_EVENT } from '@chat/shared/constants';
import type { DirectMessageClosedEvent } from '@chat/shared/schemas';
import { userChannel } from './channels';
import type { Publisher } from './publisher';

/** What `listen('DirectMessageClosed')` binds to under Echo's default `App.Events` namespace. */
export const DIRECT_MESSAGE_CLOSED_EVENT = `App\\Events\\${CLIENT_EVENT}`;

/**
 * After a member closed a direct message: on that user's own channel only (the others keep it open), so their
 * other tabs and devices drop it from 'Your rooms' too. Call only after the commit.
 */
export function publishDirectMessageClosed(
  publisher: Publisher,
  userId: number,
  event: DirectMessageClosedEvent,
): Promise<void> {
  return publisher.publish(userChannel(userId), DIRECT_MESSAGE_CLOSED_EVENT, event);
}
