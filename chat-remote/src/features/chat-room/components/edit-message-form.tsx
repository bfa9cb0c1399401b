import { FALLBACK_ERROR_MESSAGE, type Message } from '@chat/shared';
import { App } from 'antd';
import { useEditMessage } from '../api/edit-message';
import { useRoomStore } from '../hooks/use-room-store';
import { MessageEditor } from './message-editor';

/**
 * 'Edit' on one's own message: its text in place, saved through its own mutation. The field closes once the
 * edit is saved (or nothing changed); a failure is told in a toast, and the field stays open with the text
 * as typed.
 */
export function EditMessageForm({ message, onDone }: { message: Message; onDone: () => void }) {
  const { message: toast } = App.useApp();
  const edit = useEditMessage(
    message.room_id,
    useRoomStore(),
    (error) => void toast.error(error.message || FALLBACK_ERROR_MESSAGE),
  );
  return (
    <MessageEditor
      initial={message.content}
      saving={edit.isPending}
      allowBlank={message.attachment_path !== null}
      onCancel={onDone}
      onSave={(content) => {
        if (content === message.content) {
          onDone();
          return;
        }
        edit.mutate({ messageId: message.id, content }, { onSuccess: onDone });
      }}
    />
  );
}
