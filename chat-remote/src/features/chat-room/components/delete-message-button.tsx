import type { Message } from '@chat/shared';
import { App, Button, theme } from 'antd';
import { useDeleteMessage } from '../api/delete-message';
import { useRoomStore } from '../hooks/use-room-store';

/**
 * 'Delete' on one's own message, behind a confirmation: the message then goes for everyone in the room.
 * A failure is told by the mutation's notification and the message stays.
 */
export function DeleteMessageButton({ message }: { message: Message }) {
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const remove = useDeleteMessage(message.room_id, useRoomStore());
  const confirm = () =>
    modal.confirm({
      title: 'Delete this message?',
      okText: 'OK',
      cancelText: 'Cancel',
      // Black on antd's dark red reads at 5:1; its default white would be 4.2:1, under WCAG AA.
      okButtonProps: { danger: true, style: { color: '#000' } },
      // The dialog waits for the answer (OK shows it loading), then closes either way.
      onOk: () => remove.mutateAsync(message.id).catch(() => undefined),
    });
  return (
    <Button
      size="small"
      type="text"
      loading={remove.isPending}
      onClick={confirm}
      // Quieter than the message itself, still readable (the theme keeps this colour above 4.5:1).
      style={{ color: token.colorTextDescription }}
    >
      Delete
    </Button>
  );
}
