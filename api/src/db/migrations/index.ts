import type { Migration } from 'kysely';
import * as usersAndTokens from './0001-users-and-tokens';
import * as roomsAndMembers from './0002-rooms-and-members';
import * as messages from './0003-messages';
import * as tokenExpiry from './0004-token-expiry';
import * as roomLastMessage from './0005-room-last-message';
import * as readPositions from './0006-read-positions';
import * as attachmentStorage from './0007-attachment-storage';
import * as editsRepliesReactions from './0008-edits-replies-reactions';
import * as searchAndMentions from './0009-search-and-mentions';
import * as roomSearchIndex from './0010-room-search-index';
import * as directMessages from './0011-direct-messages';
import * as privateRoomsAndOwners from './0012-private-rooms-and-owners';
import * as siteAdministrators from './0013-site-administrators';
import * as archivedAndDeletedRooms from './0014-archived-and-deleted-rooms';
import * as linkPreviews from './0015-link-previews';
import * as searchableText from './0016-searchable-text';
import * as linkPreviewPruning from './0017-link-preview-pruning';
import * as messageTrees from './0018-message-trees';

/** Listed by hand rather than read from disk, so bundled test runs and `tsx` see the same set. Never renumber. */
export const migrations: Record<string, Migration> = {
  '0001-users-and-tokens': usersAndTokens,
  '0002-rooms-and-members': roomsAndMembers,
  '0003-messages': messages,
  '0004-token-expiry': tokenExpiry,
  '0005-room-last-message': roomLastMessage,
  '0006-read-positions': readPositions,
  '0007-attachment-storage': attachmentStorage,
  '0008-edits-replies-reactions': editsRepliesReactions,
  '0009-search-and-mentions': searchAndMentions,
  '0010-room-search-index': roomSearchIndex,
  '0011-direct-messages': directMessages,
  '0012-private-rooms-and-owners': privateRoomsAndOwners,
  '0013-site-administrators': siteAdministrators,
  '0014-archived-and-deleted-rooms': archivedAndDeletedRooms,
  '0015-link-previews': linkPreviews,
  '0016-searchable-text': searchableText,
  '0017-link-preview-pruning': linkPreviewPruning,
  '0018-message-trees': messageTrees,
};
