function idParam(search: string | URLSearchParams, name: string): number | null {
  const raw = new URLSearchParams(search).get(name);
  const id = Number(raw);
  return raw !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The joined room lives in the URL (`/?room=5`), so a reload or a shared link returns to it. */
export function joinedRoomId(search: string | URLSearchParams): number | null {
  return idParam(search, 'room');
}

/** The open direct message (`/?dm=7`), as `joinedRoomId` reads a room. */
export function directMessageId(search: string | URLSearchParams): number | null {
  return idParam(search, 'dm');
}
