import { DIRECT_MESSAGE_OTHERS_MAX, REACTIONS_PER_MESSAGE_MAX } from '@chat/shared/schemas';

// The texts the API answers a refused request with, once: several routes refuse alike and the tests assert
// each text, so a route never spells one of its own.

export const NOT_A_MEMBER = 'You are not a member of this room.';
export const NOT_THE_AUTHOR = 'Only its author may delete a message.';
export { ROOM_ARCHIVED } from '@chat/shared/constants';
export const NOT_THE_EDITOR = 'Only its author may edit a message.';
export const NOT_THE_PREVIEW_REMOVER = "Only its author may remove a message's preview.";
export const CONTENT_REQUIRED = 'The content field is required.';
export const REPLY_INVALID = 'The selected reply to id is invalid.';
export const CHANGED_AFTER_NEEDS_AFTER_ID = 'The changed after field requires after id.';
export const AROUND_ID_ALONE = 'The around id field cannot be used with after id or before id.';
export const NOT_AN_EMOJI = 'The emoji field must be a single emoji.';
export const TOO_MANY_REACTIONS = `A message may carry at most ${REACTIONS_PER_MESSAGE_MAX} different reactions.`;
export const NOT_AN_IMAGE = 'The attachment field must be a file of type: png, jpg, jpeg.';
export const tooManyPixels = (maxPixels: number) =>
  `The attachment field must not be larger than ${maxPixels / 1_000_000} megapixels.`;
export const NO_LEAVING_DIRECT_MESSAGES = 'Nobody leaves a direct message; close it instead.';
export const unknownUsername = (username: string) => `There is no user named ${username}.`;
export const DIRECT_MESSAGE_NEEDS_OTHERS = 'Name at least one person other than yourself.';
export const TOO_MANY_OTHERS = `A direct message may include at most ${DIRECT_MESSAGE_OTHERS_MAX} other people.`;
export const ROOM_FULL = 'This room is full.';
export const ONLY_THE_OWNER = "Only the room's owner may do that.";
export const OWNER_MUST_HAND_OVER = 'Make another member owner before you leave.';
export const REMOVED_FROM_THIS_ROOM = 'You were removed from this room.';
export const NO_REMOVING_YOURSELF = 'You cannot remove yourself; leave the room instead.';
export const NOT_A_MEMBER_TO_REMOVE = 'That user is not a member of this room.';
export const SETTINGS_REQUIRED = 'Change at least one of name, description and max_members.';
export const maxMembersBelowCount = (members: number) =>
  `Max Members cannot be less than the ${members} people in the room.`;
export const NEW_OWNER_REQUIRED = 'The user id field is required.';
export const NEW_OWNER_NOT_A_MEMBER = 'The new owner must be a member of this room.';
export const ONLY_SITE_ADMINISTRATORS = 'Only site administrators may do that.';
