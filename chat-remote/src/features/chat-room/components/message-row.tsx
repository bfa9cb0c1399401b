import { type Message, useSession } from '@chat/shared';
import { theme } from 'antd';
import { type FocusEvent, memo, type PointerEvent, useState } from 'react';
import { useObjectUrl } from '../hooks/use-object-url';
import { useRoomStore } from '../hooks/use-room-store';
import { isOutgoing, type Outgoing } from '../model/outgoing';
import { replyChosen } from '../model/state/log';
import type { TimelineRow } from '../model/timeline';
import { EditMessageForm } from './edit-message-form';
import { LinkPreview } from './link-preview';
import { MessageActions } from './message-actions';
import { LocalPreview, MessageAttachment } from './message-attachment';
import { messageBodyStyle } from './message-body-style';
import { bylineStyle, messageByline } from './message-byline';
import { MessageReactions } from './message-reactions';
import { MessageText } from './message-text';
import { OutgoingStatus, type RowActions } from './outgoing-status';
import { ReplyQuote } from './reply-quote';

interface MessageRowProps {
  row: TimelineRow;
  ownUsername: string;
  actions: RowActions;
}

/** Read by screen readers only. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

function PendingImage({ file }: { file: File }) {
  return <LocalPreview src={useObjectUrl(file)} />;
}

/**
 * A touch screen has no hover to reveal a row's actions with: there they appear only once the row is tapped,
 * and take no room before (on a phone they wrap onto a line of their own). With a mouse or a keyboard they
 * are always in the row, invisible until hovered or focused, so that Tab reaches them.
 */
const hoverless = typeof window !== 'undefined' && Boolean(window.matchMedia?.('(hover: none)').matches);

/** A message being sent: its text, its image, its quote and its status; no actions until the server has it. */
function OutgoingBody({ entry, actions }: { entry: Outgoing; actions: RowActions }) {
  return (
    <div style={messageBodyStyle}>
      {entry.replyTo && <ReplyQuote replyToId={entry.replyTo.id} quote={entry.replyTo} />}
      {entry.content && <MessageText content={entry.content} edited={false} />}
      {entry.file && <PendingImage file={entry.file} />}
      <OutgoingStatus entry={entry} actions={actions} />
    </div>
  );
}

/**
 * A stored message: quote, text ('(edited)' once changed), image and reactions, with its actions (Reply, Add
 * reaction, and for its author Edit and Delete) shown on hover, on keyboard focus, or after a tap.
 */
function StoredBody({ message, own, header }: { message: Message; own: boolean; header: React.ReactNode }) {
  const store = useRoomStore();
  const [active, setActive] = useState(false);
  const [editing, setEditing] = useState(false);
  const [picking, setPicking] = useState(false);

  const activity = {
    onPointerEnter: (event: PointerEvent) => event.pointerType === 'mouse' && setActive(true),
    onPointerLeave: (event: PointerEvent) => event.pointerType === 'mouse' && setActive(false),
    // A tap shows the actions on a device without hover.
    onPointerUp: (event: PointerEvent) => event.pointerType !== 'mouse' && setActive(true),
    onFocus: () => setActive(true),
    onBlur: (event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setActive(false);
    },
  };
  return (
    <div {...activity} style={{ position: 'relative' }}>
      <div style={bylineStyle}>
        {header}
        {!editing && (!hoverless || active || picking) && (
          <MessageActions
            message={message}
            own={own}
            visible={active || picking}
            onReply={() => store?.setState((state) => replyChosen(state, message))}
            onReact={() => setPicking((open) => !open)}
            onEdit={() => setEditing(true)}
          />
        )}
      </div>
      <div style={messageBodyStyle}>
        {message.reply_to_id != null && (
          <ReplyQuote replyToId={message.reply_to_id} quote={message.reply_to ?? null} />
        )}
        {editing ? (
          <EditMessageForm message={message} onDone={() => setEditing(false)} />
        ) : (
          message.content && (
            <MessageText
              content={message.content}
              edited={Boolean(message.edited_at)}
              mentions={message.mentions}
            />
          )
        )}
        {message.preview && <LinkPreview message={message} own={own} />}
        {message.attachment_path && <MessageAttachment url={message.attachment_path} />}
        <MessageReactions message={message} picking={picking} onPickerClose={() => setPicking(false)} />
      </div>
    </div>
  );
}

/**
 * A message's content, inside the article the list places (which carries its position in the feed). It
 * depends on nothing that another message's change touches, so a message arriving, edited or reacted to
 * renders itself and no other row.
 */
export const MessageRow = memo(function MessageRow({ row, ownUsername, actions }: MessageRowProps) {
  const { token } = theme.useToken();
  const ownId = useSession((state) => state.user?.id ?? null);
  const outgoing = isOutgoing(row) ? row : null;
  const username = outgoing ? ownUsername : (row as Message).user.username;
  const createdAt = outgoing ? outgoing.createdAt : (row as Message).created_at;
  const header = messageByline(token, username, createdAt);
  if (outgoing) {
    return (
      <>
        <div style={bylineStyle}>{header}</div>
        <OutgoingBody entry={outgoing} actions={actions} />
      </>
    );
  }
  const message = row as Message;
  const mentionsMe =
    ownId !== null && message.user.id !== ownId && Boolean(message.mentions?.some(({ id }) => id === ownId));
  const withMention = mentionsMe ? (
    <>
      {header}
      <span style={visuallyHidden}>Mentions you</span>
    </>
  ) : (
    header
  );
  // Only its author is offered Edit and Delete; the server refuses anyone else (403) all the same.
  return (
    <StoredBody message={message} own={ownId !== null && message.user.id === ownId} header={withMention} />
  );
});
