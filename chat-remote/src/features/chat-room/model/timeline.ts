import type { Message } from '@chat/shared';
import type { MessageLog } from './message-log';
import { isOutgoing, type Outgoing } from './outgoing';

/** What the list shows: the held messages in id order, then this client's unsent ones in the order written. */
export type TimelineRow = Message | Outgoing;

export function timeline(messages: MessageLog, outbox: readonly Outgoing[]): readonly TimelineRow[] {
  return outbox.length ? [...messages, ...outbox] : messages;
}

/**
 * A row keeps its key when a pending message becomes the server's copy, so it is not re-created or
 * re-measured. The author's id is part of it because a client_msg_id is only unique per user.
 */
export function rowKey(row: TimelineRow, ownUserId: number | null): string {
  if (isOutgoing(row)) return `c:${ownUserId}:${row.clientMsgId}`;
  return row.client_msg_id ? `c:${row.user.id}:${row.client_msg_id}` : `m:${row.id}`;
}

/**
 * How many of the others' messages came after `seen` (they are at the end of the log); all of them when
 * `seen` is null (there were none when the reader was last at the newest message).
 */
export function arrivedAfter(
  rows: readonly TimelineRow[],
  seen: number | null,
  ownId: number | null,
): number {
  let arrived = 0;
  for (let index = rows.length - 1; index >= 0; index--) {
    const row = rows[index];
    if (!row || isOutgoing(row)) continue;
    if (seen !== null && row.id <= seen) break;
    if (row.user.id !== ownId) arrived++;
  }
  return arrived;
}
