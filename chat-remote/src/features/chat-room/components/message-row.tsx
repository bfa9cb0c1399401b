import { useSession } from '@chat/shared';
import { theme } from 'antd';
import { memo } from 'react';
import { useObjectUrl } from '../hooks/use-object-url';
import { formatDateTime } from '../lib/format-time';
import { isOutgoing } from '../model/outgoing';
import type { TimelineRow } from '../model/timeline';
import { DeleteMessageButton } from './delete-message-button';
import { LocalPreview, MessageAttachment } from './message-attachment';
import { OutgoingStatus, type RowActions } from './outgoing-status';

interface MessageRowProps {
  row: TimelineRow;
  ownUsername: string;
  actions: RowActions;
}

const headerStyle = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: 8,
} as const;
const bodyStyle = { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4 } as const;

/** Text is rendered as text: React escapes it, and nothing here ever sets HTML. */
function Text({ content }: { content: string }) {
  return <p style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{content}</p>;
}

function PendingImage({ file }: { file: File }) {
  return <LocalPreview src={useObjectUrl(file)} />;
}

/**
 * A message's content, inside the article the list places (which carries its position in the feed). It
 * depends on nothing that a new message changes, so a message arriving renders itself and no other row.
 */
export const MessageRow = memo(function MessageRow({ row, ownUsername, actions }: MessageRowProps) {
  const outgoing = isOutgoing(row) ? row : null;
  const { token } = theme.useToken();
  const ownId = useSession((state) => state.user?.id ?? null);
  // Only its author is offered Delete; the server refuses anyone else (403) all the same.
  const deletable = !isOutgoing(row) && ownId !== null && row.user.id === ownId ? row : null;
  const { username, createdAt, content, attachment } = isOutgoing(row)
    ? { username: ownUsername, createdAt: row.createdAt, content: row.content, attachment: null }
    : {
        username: row.user.username,
        createdAt: row.created_at,
        content: row.content,
        attachment: row.attachment_path,
      };
  // Plain elements in the theme's colours rather than antd's Flex and Typography: a row mounts for every
  // message that arrives, and antd's per-component style hooks were most of that mount's cost.
  return (
    <>
      <div style={headerStyle}>
        <strong style={{ fontWeight: token.fontWeightStrong, color: token.colorText }}>{username}</strong>
        <span style={{ color: token.colorTextDescription, fontSize: 12 }}>
          <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
        </span>
        {deletable && (
          <span style={{ marginInlineStart: 'auto' }}>
            <DeleteMessageButton message={deletable} />
          </span>
        )}
      </div>
      <div style={bodyStyle}>
        {content && <Text content={content} />}
        {attachment && <MessageAttachment url={attachment} />}
        {outgoing?.file && <PendingImage file={outgoing.file} />}
        {outgoing && <OutgoingStatus entry={outgoing} actions={actions} />}
      </div>
    </>
  );
});
