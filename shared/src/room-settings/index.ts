/** `@chat/shared/room-settings`: the 'Room settings' dialog, bundled into each remote that imports it. */
export { getRoomMembers, roomMembersKey } from './api/room-members';
export { RoomSettingsDialog, type RoomSettingsDialogProps } from './room-settings-dialog';
