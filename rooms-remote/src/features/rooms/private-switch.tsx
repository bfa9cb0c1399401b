import { theme } from 'antd';
import { useId } from 'react';

interface PrivateSwitchProps {
  /** Form.Item passes these (valuePropName "checked"). */
  id?: string;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}

/**
 * The Create Room modal's 'Private' switch. A native button with the switch role, not antd's Switch: shells
 * already deployed share an antd without Switch, and this remote must keep working in them. A native button
 * is focusable and toggles on Space and Enter by itself; its text is its accessible name, the hint its
 * description.
 */
export function PrivateSwitch({ id, checked = false, onChange }: PrivateSwitchProps) {
  const { token } = theme.useToken();
  const hintId = useId();
  const knob = 12;
  const gap = 2;
  return (
    <div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={hintId}
        onClick={() => onChange?.(!checked)}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: token.marginXS,
          padding: 0,
          border: 'none',
          background: 'none',
          color: token.colorText,
          font: 'inherit',
          cursor: 'pointer',
        }}
      >
        <span
          aria-hidden
          style={{
            position: 'relative',
            display: 'inline-block',
            width: knob * 2 + gap * 3,
            height: knob + gap * 2,
            borderRadius: knob,
            background: checked ? token.colorPrimary : token.colorTextQuaternary,
            transition: `background ${token.motionDurationMid}`,
          }}
        >
          <span
            style={{
              position: 'absolute',
              top: gap,
              left: checked ? knob + gap * 2 : gap,
              width: knob,
              height: knob,
              borderRadius: '50%',
              background: token.colorWhite,
              transition: `left ${token.motionDurationMid}`,
            }}
          />
        </span>
        Private
      </button>
      <div id={hintId} style={{ color: token.colorTextSecondary, marginTop: token.marginXXS }}>
        Only people you invite can find and join it.
      </div>
    </div>
  );
}
