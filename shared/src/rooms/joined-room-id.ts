/** The joined room lives in the URL (`/?room=5`), so a reload or a shared link returns to it. */
export function joinedRoomId(search: string | URLSearchParams): number | null {
  const raw = new URLSearchParams(search).get('room');
  const id = Number(raw);
  return raw !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}
