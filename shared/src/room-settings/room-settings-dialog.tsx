import { Flex, Modal } from 'antd';
import type { Room } from '../schemas/room';
import { InvitePeopleSection } from './invite-people-section';
import { RoomLifecycleSection } from './room-lifecycle-section';
import { RoomMembersSection } from './room-members-section';
import type { RoomSettingsDeps } from './room-settings-deps';
import { RoomSettingsForm } from './room-settings-form';

export interface RoomSettingsDialogProps extends RoomSettingsDeps {
  room: Room;
  /** The signed-in user: everyone else in the room may be removed or made owner. */
  ownId: number | null;
  open: boolean;
  onClose: () => void;
  /** After 'Delete room' succeeded: the caller's own step (the open room goes home). */
  onDeleted?: () => void;
}

/**
 * The owner's (and a site administrator's) 'Room settings': the room's settings, its members, inviting people
 * in, and archiving or deleting the room. Bundled into each remote that imports it
 * (`@chat/shared/room-settings`): the open room's header and the administrators' 'All rooms'.
 */
export function RoomSettingsDialog({
  room,
  ownId,
  open,
  onClose,
  onDeleted,
  http,
  queryClient,
}: RoomSettingsDialogProps) {
  const deps = { http, queryClient };
  return (
    <Modal title="Room settings" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Flex vertical gap={24}>
        <RoomSettingsForm deps={deps} room={room} />
        <RoomMembersSection deps={deps} roomId={room.id} ownId={ownId} onOwnerChanged={onClose} />
        <InvitePeopleSection deps={deps} roomId={room.id} ownId={ownId} />
        <RoomLifecycleSection deps={deps} room={room} onDeleted={onDeleted} />
      </Flex>
    </Modal>
  );
}
