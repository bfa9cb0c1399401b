import { MESSAGE_CONTENT_MAX } from '@chat/shared';
import { Button, type GetRef, Input } from 'antd';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useFittedHeight } from '../hooks/use-fitted-height';

interface MessageEditorProps {
  initial: string;
  saving: boolean;
  /** Whether blank text may be saved: a message with an image keeps the image. */
  allowBlank: boolean;
  onSave: (content: string) => void;
  onCancel: () => void;
}

/** A message's text in place, to edit: Enter or 'Save' saves, Escape or 'Cancel' leaves it as it was. */
export function MessageEditor({ initial, saving, allowBlank, onSave, onCancel }: MessageEditorProps) {
  const [text, setText] = useState(initial);
  const field = useRef<GetRef<typeof Input.TextArea>>(null);
  useFittedHeight(field, text, 8);
  const blank = !text.trim() && !allowBlank;
  const save = () => {
    if (!blank && !saving) onSave(text.trim());
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4, width: '100%' }}>
      <Input.TextArea
        aria-label="Edit message"
        value={text}
        maxLength={MESSAGE_CONTENT_MAX}
        ref={field}
        rows={1}
        style={{ resize: 'none' }}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        autoFocus
        onFocus={(event) =>
          event.target.setSelectionRange(event.target.value.length, event.target.value.length)
        }
      />
      <div style={{ display: 'flex', gap: 8 }}>
        <Button size="small" type="primary" loading={saving} disabled={blank} onClick={save}>
          Save
        </Button>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
