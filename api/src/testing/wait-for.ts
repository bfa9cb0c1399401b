/** Polls until `check` returns something truthy; realtime tests wait on sockets, not on fixed sleeps. */
export async function waitFor<T>(
  check: () => T | undefined | null | false,
  what: string,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
