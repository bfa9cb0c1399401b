import type { Room } from '@chat/shared';
import { Flex, Modal } from 'antd';
import { InvitePeopleSection } from './invite-people-section';
import { RoomMembersSection } from './room-members-section';
import { RoomSettingsForm } from './room-settings-form';

interface RoomSettingsDialogProps {
  room: Room;
  open: boolean;
  onClose: () => void;
}

/** The owner's 'Room settings': the room's settings, its members, and inviting people in. */
export function RoomSettingsDialog({ room, open, onClose }: RoomSettingsDialogProps) {
  return (
    <Modal title="Room settings" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Flex vertical gap={24}>
        <RoomSettingsForm room={room} />
        <RoomMembersSection roomId={room.id} onOwnerChanged={onClose} />
        <InvitePeopleSection roomId={room.id} />
      </Flex>
    </Modal>
  );
}
