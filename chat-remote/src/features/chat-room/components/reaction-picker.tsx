import { PlusOutlined } from '@ant-design/icons';
import { QUICK_REACTIONS } from '@chat/shared/schemas';
import { Button, theme } from 'antd';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { LazyEmojiPicker } from '../emoji/lazy-emoji-picker';

interface ReactionPickerProps {
  onPick: (emoji: string) => void;
  onClose: () => void;
}

/**
 * The small picker 'Add reaction' opens, inline under the message (no overlay to lose on a phone): one button
 * per emoji, named by the emoji, and 'More emoji' opening every other one below them. It takes the focus;
 * Escape closes it.
 */
export function ReactionPicker({ onPick, onClose }: ReactionPickerProps) {
  const { token } = theme.useToken();
  const first = useRef<HTMLButtonElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => first.current?.focus(), []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };
  return (
    // A fieldset is a group: Escape anywhere in it closes it; its buttons are the controls.
    <fieldset
      aria-label="Choose a reaction"
      onKeyDown={onKeyDown}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        margin: 0,
        padding: 2,
        minWidth: 0,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgElevated,
      }}
    >
      {QUICK_REACTIONS.map((emoji, index) => (
        <Button
          key={emoji}
          ref={index === 0 ? first : undefined}
          type="text"
          size="small"
          aria-label={emoji}
          onClick={() => onPick(emoji)}
          style={{ fontSize: 18, width: 36, height: 32 }}
        >
          {emoji}
        </Button>
      ))}
      <Button
        type="text"
        size="small"
        aria-label="More emoji"
        aria-expanded={more}
        icon={<PlusOutlined />}
        onClick={() => setMore((shown) => !shown)}
        style={{ width: 36, height: 32 }}
      />
      {more && (
        <div style={{ flexBasis: '100%' }}>
          <LazyEmojiPicker onPick={onPick} />
        </div>
      )}
    </fieldset>
  );
}
