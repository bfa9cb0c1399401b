import type { OwnerRefused } from '../repositories/rooms/owned-room';
import { forbidden, type HttpError, notFound } from './http-error';
import { ONLY_THE_OWNER } from './refusals';

/**
 * The answer to a caller an owner's action was refused: 404 for no room, a direct message, or a private room
 * they are not in (none of which exists for them); 403 for anyone else who does not own the room.
 */
export function ownerRefusal(status: OwnerRefused): HttpError {
  return status === 'not_found' ? notFound() : forbidden(ONLY_THE_OWNER);
}
