const KEY = 'chat.health-session';

const randomId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

/**
 * A random id for this tab (sessionStorage: a reload keeps it, another tab gets its own), so the health series
 * can be read per session. It names no person and is never sent anywhere but the beacon.
 */
export function tabSession(storage: Storage | undefined = globalThis.sessionStorage): string {
  try {
    const kept = storage?.getItem(KEY);
    if (kept && /^[0-9a-f]{32}$/.test(kept)) return kept;
    const id = randomId();
    storage?.setItem(KEY, id);
    return id;
  } catch {
    // Storage refused (a privacy mode): a new id per page load is still no person.
    return randomId();
  }
}
