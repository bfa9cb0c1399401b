import type { Reaction } from '@chat/shared';
import { Button, theme } from 'antd';

interface ReactionsBarProps {
  reactions: readonly Reaction[];
  onToggle: (emoji: string, add: boolean) => void;
  /** In an archived room: the counts show, nothing can be changed. */
  disabled?: boolean;
}

/** Under a message: one toggle per emoji, named '{emoji} {count}', pressed when this user is among them. */
export function ReactionsBar({ reactions, onToggle, disabled = false }: ReactionsBarProps) {
  const { token } = theme.useToken();
  if (reactions.length === 0) return null;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
      {reactions.map(({ emoji, count, me }) => (
        <Button
          key={emoji}
          size="small"
          shape="round"
          aria-pressed={me}
          aria-label={`${emoji} ${count}`}
          disabled={disabled}
          onClick={() => onToggle(emoji, !me)}
          style={{
            borderColor: me ? token.colorPrimary : token.colorBorderSecondary,
            background: me ? token.colorPrimaryBg : token.colorFillQuaternary,
            color: token.colorText,
          }}
        >
          {emoji} {count}
        </Button>
      ))}
    </div>
  );
}
