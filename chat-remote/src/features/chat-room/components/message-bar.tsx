import { PictureOutlined } from '@ant-design/icons';
import { ATTACHMENT_TYPES, MESSAGE_CONTENT_MAX, type Message } from '@chat/shared';
import { Button, Flex, Input, type InputRef, Tooltip, theme } from 'antd';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useRoomMembers } from '../api/room-members';
import { useRoomPresence } from '../hooks/use-room-presence';
import { useRoomStore } from '../hooks/use-room-store';
import { insertMention, matchingNames, mentionQuery } from '../lib/mentions';
import type { ChatState } from '../model/chat-state';
import { replyChosen } from '../model/chat-state';
import { TypingIndicator } from './typing-indicator';

export const BLANK_MESSAGE_ALERT = 'Please enter a message!';

interface MessageBarProps {
  roomId: number;
  /** `replyTo`: the message the text answers, if the bar was replying. */
  onSendText: (content: string, replyTo: Message | null) => void;
  onImages: (files: File[], replyTo: Message | null) => void;
}

function pastedFiles(event: ClipboardEvent): File[] {
  return [...event.clipboardData.files];
}

/** Inside the bar while a reply is being written: whom it answers, and the way out. */
function ReplyBanner({ username, onCancel }: { username: string; onCancel: () => void }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap="small" style={{ minWidth: 0 }}>
      <span
        style={{
          color: token.colorTextSecondary,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        Replying to <strong style={{ color: token.colorText }}>{username}</strong>
      </span>
      <Button size="small" type="text" onClick={onCancel} style={{ color: token.colorTextDescription }}>
        Cancel reply
      </Button>
    </Flex>
  );
}

/**
 * Whom `@` can name: the room's members (GET chatrooms/{id}/members), and, for an API without that endpoint,
 * who has the room open (presence) and everyone who wrote or was mentioned in the messages held; this user
 * left out; by name.
 */
function knownMembers(
  state: ChatState,
  present: readonly { id: number; username: string }[],
  ownId: number | null,
) {
  const names = new Map<number, string>();
  for (const member of present) names.set(member.id, member.username);
  for (const log of [state.messages, state.window?.messages ?? []]) {
    for (const message of log) {
      names.set(message.user.id, message.user.username);
      for (const mention of message.mentions ?? []) names.set(mention.id, mention.username);
    }
  }
  if (ownId !== null) names.delete(ownId);
  return [...names.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/** The `@word` being typed; the names it offers are read at each render, so members arriving later fill in. */
interface MentionTyped {
  /** Where the `@` is. */
  start: number;
  query: string;
  active: number;
}

interface MentionPick extends MentionTyped {
  names: string[];
}

/** The bar fixed 10px from the bottom: text, an image picker (PNG and JPEG only), and Send. */
export function MessageBar({ roomId, onSendText, onImages }: MessageBarProps) {
  const roomMembers = useRoomMembers(roomId);
  const [text, setText] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const input = useRef<InputRef>(null);
  const { token } = theme.useToken();
  // The others see '… is typing…' while the draft changes; sending or emptying it ends that at once.
  const { typed, stopped, members, ownId } = useRoomPresence();
  const listId = useId();
  const [typedMention, setTypedMention] = useState<MentionTyped | null>(null);
  // Escape closes the list until another `@` is typed (the `@` it was closed at).
  const dismissedAt = useRef<number | null>(null);
  const store = useRoomStore();
  const replyTo = useStore(store, (state) => state.replyTo);
  // Read while a mention is typed (not at each message otherwise), so authors arriving later fill in too.
  const held = useStore(store, (state) => (typedMention ? state : null));
  const names =
    typedMention && held
      ? matchingNames(knownMembers(held, [...members, ...roomMembers], ownId), typedMention.query)
      : [];
  const pick: MentionPick | null =
    typedMention && names.length
      ? { ...typedMention, names, active: Math.min(typedMention.active, names.length - 1) }
      : null;
  const cancelReply = () => {
    store.setState((state) => replyChosen(state, null));
    input.current?.focus();
  };
  // Choosing Reply on a message puts the cursor here, to write the answer.
  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  const submit = () => {
    const content = text.trim();
    if (!content) {
      window.alert(BLANK_MESSAGE_ALERT);
      return;
    }
    onSendText(content, replyTo);
    if (replyTo) store.setState((state) => replyChosen(state, null));
    setText('');
    stopped();
  };

  const sendImages = (files: File[]) => {
    onImages(files, replyTo);
    if (replyTo) store.setState((state) => replyChosen(state, null));
  };

  const caret = () => input.current?.input?.selectionStart ?? text.length;
  const updatePick = (value: string, at: number) => {
    const typing = mentionQuery(value, at);
    if (!typing || dismissedAt.current === typing.start) {
      if (!typing) dismissedAt.current = null;
      setTypedMention(null);
      return;
    }
    setTypedMention({ ...typing, active: 0 });
  };
  const choose = (username: string) => {
    if (!pick) return;
    const next = insertMention(text, pick.start, caret(), username);
    setText(next.text);
    setTypedMention(null);
    requestAnimationFrame(() => {
      const element = input.current?.input;
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (pick) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setTypedMention({ ...pick, active: (pick.active + step + pick.names.length) % pick.names.length });
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.nativeEvent.isComposing) {
        event.preventDefault();
        const name = pick.names[pick.active];
        if (name) choose(name);
        return;
      }
      if (event.key === 'Escape') {
        // Closes the list only: a reply being written stays.
        event.preventDefault();
        event.stopPropagation();
        dismissedAt.current = pick.start;
        setTypedMention(null);
        return;
      }
    }
    if (event.key === 'Escape' && replyTo) {
      event.preventDefault();
      cancelReply();
      return;
    }
    // Enter while an input method is composing picks a candidate; it must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onPaste = (event: ClipboardEvent) => {
    const files = pastedFiles(event);
    if (files.length === 0) return;
    event.preventDefault();
    sendImages(files);
  };

  return (
    <Flex
      vertical
      gap={4}
      style={{
        position: 'fixed',
        bottom: 10,
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'min(912px, calc(100% - 24px))',
        padding: 8,
        background: token.colorBgElevated,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        zIndex: 10,
      }}
    >
      {pick && (
        <div
          id={listId}
          role="listbox"
          aria-label="Mention a member"
          style={{
            position: 'absolute',
            bottom: '100%',
            left: 8,
            marginBottom: 4,
            minWidth: 180,
            maxWidth: 'calc(100% - 16px)',
            padding: 4,
            background: token.colorBgElevated,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
          }}
        >
          {pick.names.map((name, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard picks from the message field (aria-activedescendant)
            <div
              key={name}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === pick.active}
              tabIndex={-1}
              // Keeps the focus in the message field.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(name)}
              style={{
                padding: '4px 8px',
                borderRadius: token.borderRadiusSM,
                cursor: 'pointer',
                color: token.colorText,
                background: index === pick.active ? token.colorPrimaryBg : undefined,
              }}
            >
              @{name}
            </div>
          ))}
        </div>
      )}
      <TypingIndicator />
      {replyTo && <ReplyBanner username={replyTo.user.username} onCancel={cancelReply} />}
      <Flex gap="small">
        <Input
          ref={input}
          placeholder="Message..."
          aria-label="Message"
          value={text}
          maxLength={MESSAGE_CONTENT_MAX}
          aria-autocomplete="list"
          aria-controls={pick ? listId : undefined}
          aria-activedescendant={pick ? `${listId}-${pick.active}` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            updatePick(event.target.value, event.target.selectionStart ?? event.target.value.length);
            if (event.target.value.trim()) typed();
            else stopped();
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setTypedMention(null)}
          onPaste={onPaste}
          autoFocus
        />
        <input
          ref={picker}
          type="file"
          accept={ATTACHMENT_TYPES.join(',')}
          multiple
          hidden
          aria-label="Image file"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            // Cleared so that picking the same file again still fires a change.
            event.target.value = '';
            if (files.length) sendImages(files);
          }}
        />
        <Tooltip title="Send an image (PNG or JPEG)">
          <Button
            icon={<PictureOutlined />}
            aria-label="Upload image"
            onClick={() => picker.current?.click()}
          />
        </Tooltip>
        <Button type="primary" onClick={submit}>
          Send
        </Button>
      </Flex>
    </Flex>
  );
}
