import { REACTION_CHANGED_EVENT as CLIENT_EVENT } from '@chat/shared/constants';
import type { ReactionChangedEvent } from '@chat/shared/schemas';
import { roomChannel } from './channels';
import type { Publisher } from './publisher';

/** What `listen('ReactionChanged')` binds to under Echo's default `App.Events` namespace. */
export const REACTION_CHANGED_EVENT = `App\\Events\\${CLIENT_EVENT}`;

/**
 * After a member's reaction was added or removed (not after a request that changed nothing): on the room's own
 * channel only, who did what and the message's reactions counted at that version. Call only after the commit.
 */
export async function publishReactionChanged(
  publisher: Publisher,
  event: ReactionChangedEvent,
): Promise<void> {
  await publisher.publish(roomChannel(event.room_id), REACTION_CHANGED_EVENT, event);
}
