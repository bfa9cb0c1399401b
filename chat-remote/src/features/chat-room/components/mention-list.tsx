import { theme } from 'antd';
import type { MentionPick } from '../hooks/use-mention-picker';

/**
 * The names a typed `@word` offers, above the message field. The keyboard moves through them from the field
 * (aria-activedescendant), so the list never takes the focus.
 */
export function MentionList({
  id,
  pick,
  onChoose,
}: {
  id: string;
  pick: MentionPick;
  onChoose: (username: string) => void;
}) {
  const { token } = theme.useToken();
  return (
    <div
      id={id}
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
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === pick.active}
          tabIndex={-1}
          // Keeps the focus in the message field.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(name)}
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
  );
}
