import type { GetRef, Input } from 'antd';
import { type KeyboardEvent, type RefObject, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useRoomMembers } from '../api/room-members';
import { insertMention, matchingNames, mentionQuery } from '../lib/mentions';
import { knownMembers } from '../model/state/selectors';
import { useRoomPresence } from './use-room-presence';
import { useRoomStore } from './use-room-store';

/** The `@word` being typed; the names it offers are read at each render, so members arriving later fill in. */
interface MentionTyped {
  /** Where the `@` is. */
  start: number;
  query: string;
  active: number;
}

/** The list shown under a typed `@word`: the names matching it, one of them active. */
export interface MentionPick extends MentionTyped {
  names: string[];
}

export interface MentionPicker {
  /** The list to show, null while none is. */
  pick: MentionPick | null;
  /** The listbox's id, which the message field points at (aria-controls, aria-activedescendant). */
  listId: string;
  /** The draft changed (`caret` where the cursor is): opens, narrows or closes the list. */
  typed: (value: string, caret: number) => void;
  /** The keys the open list takes (arrows, Enter, Tab, Escape): true when it took this one. */
  keyDown: (event: KeyboardEvent) => boolean;
  choose: (username: string) => void;
  close: () => void;
}

/**
 * The `@` picker of the message field: which names a typed `@word` offers, the keyboard moving through them,
 * and the chosen name written into the draft. The focus stays in the field throughout.
 */
export function useMentionPicker(
  roomId: number,
  input: RefObject<GetRef<typeof Input.TextArea> | null>,
  text: string,
  setText: (text: string) => void,
): MentionPicker {
  const roomMembers = useRoomMembers(roomId);
  const { members, ownId } = useRoomPresence();
  const listId = useId();
  const [typedMention, setTypedMention] = useState<MentionTyped | null>(null);
  // Escape closes the list until another `@` is typed (the `@` it was closed at).
  const dismissedAt = useRef<number | null>(null);
  const store = useRoomStore();
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

  const typed = (value: string, at: number) => {
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
    const caret = input.current?.resizableTextArea?.textArea.selectionStart ?? text.length;
    const next = insertMention(text, pick.start, caret, username);
    setText(next.text);
    setTypedMention(null);
    requestAnimationFrame(() => {
      const element = input.current?.resizableTextArea?.textArea;
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };

  const keyDown = (event: KeyboardEvent) => {
    if (!pick) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setTypedMention({ ...pick, active: (pick.active + step + pick.names.length) % pick.names.length });
      return true;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.nativeEvent.isComposing) {
      event.preventDefault();
      const name = pick.names[pick.active];
      if (name) choose(name);
      return true;
    }
    if (event.key === 'Escape') {
      // Closes the list only: a reply being written stays.
      event.preventDefault();
      event.stopPropagation();
      dismissedAt.current = pick.start;
      setTypedMention(null);
      return true;
    }
    return false;
  };

  return { pick, listId, typed, keyDown, choose, close: () => setTypedMention(null) };
}
