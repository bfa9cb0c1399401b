import { App, Button, Flex } from 'antd';
import type { Room } from '../schemas/room';
import { useArchiveRoom } from './api/archive-room';
import { useDeleteRoom } from './api/delete-room';
import type { RoomSettingsDeps } from './room-settings-deps';

export const deleteRoomQuestion = (name: string) =>
  `Delete ${name}? Its messages and images are deleted for everyone.`;

interface RoomLifecycleSectionProps {
  deps: RoomSettingsDeps;
  room: Room;
  onDeleted?: () => void;
}

/**
 * The end of a room's life, for its owner: archiving it (read-only for everyone, undone by 'Unarchive room'),
 * or deleting it, after asking, for everyone at once.
 */
export function RoomLifecycleSection({ deps, room, onDeleted }: RoomLifecycleSectionProps) {
  const archive = useArchiveRoom(deps, room.id);
  const remove = useDeleteRoom(deps, room.id, onDeleted);
  const { modal } = App.useApp();
  const archived = Boolean(room.archived_at);
  const confirmDelete = () =>
    modal.confirm({
      title: 'Delete room',
      content: deleteRoomQuestion(room.name),
      okText: 'Delete',
      // Black on antd's dark red reads at 5:1; its default white would be 4.2:1, under WCAG AA.
      okButtonProps: { danger: true, style: { color: '#000' } },
      cancelText: 'Cancel',
      // The dialog waits for the answer, then closes either way; a refusal is told by the mutation.
      onOk: () => remove.mutateAsync().catch(() => undefined),
    });
  return (
    <Flex gap={8} wrap>
      <Button loading={archive.isPending} onClick={() => archive.mutate(!archived)}>
        {archived ? 'Unarchive room' : 'Archive room'}
      </Button>
      <Button danger loading={remove.isPending} onClick={confirmDelete}>
        Delete room
      </Button>
    </Flex>
  );
}
