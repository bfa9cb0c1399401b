import type { Room } from '@chat/shared';
import { Flex, Modal } from 'antd';
import { InvitePeopleSection } from './invite-people-section';
import { RoomLifecycleSection } from './room-lifecycle-section';
import { RoomMembersSection } from './room-members-section';
import { RoomSettingsForm } from './room-settings-form';

interface RoomSettingsDialogProps {
  room: Room;
  open: boolean;
  onClose: () => void;
}

/** The owner's 'Room settings': the room's settings, its members, inviting people in, and
 * archiving or deleting the room. */
export function RoomSettingsDialog({ room, open, onClose }: RoomSettingsDialogProps) {
  return (
    <Modal title="Room settings" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Flex vertical gap={24}>
        <RoomSettingsForm room={room} />
        <RoomMembersSection roomId={room.id} onOwnerChanged={onClose} />
        <InvitePeopleSection roomId={room.id} />
        <RoomLifecycleSection room={room} />
      </Flex>
    </Modal>
  );
}
