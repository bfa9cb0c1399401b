import { describe, expect, it, rs } from '@rstest/core';
import { SERVICE_WORKER_KILL_SWITCH } from './service-worker-kill-switch';

/** Runs the kill switch in a stand-in worker scope and returns what it did. */
function runKillSwitch() {
  const listeners = new Map<string, (event: unknown) => void>();
  const kept = new Set(['chat-static', 'chat-remote-entries']);
  const scope = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: rs.fn(async () => undefined),
    registration: { unregister: rs.fn(async () => true) },
  };
  const caches = { keys: async () => [...kept], delete: async (key: string) => kept.delete(key) };
  new Function('self', 'caches', SERVICE_WORKER_KILL_SWITCH)(scope, caches);
  return { listeners, kept, scope };
}

describe('the service worker kill switch', () => {
  it('takes over at once, deletes every cache, then unregisters itself', async () => {
    const { listeners, kept, scope } = runKillSwitch();

    listeners.get('install')?.({});
    expect(scope.skipWaiting).toHaveBeenCalled();

    let done: Promise<unknown> | undefined;
    listeners.get('activate')?.({ waitUntil: (work: Promise<unknown>) => (done = work) });
    expect(done).toBeInstanceOf(Promise);
    await done;
    expect(kept.size).toBe(0);
    expect(scope.registration.unregister).toHaveBeenCalledTimes(1);
  });

  it('answers no request: the open tabs go to the network', () => {
    expect(runKillSwitch().listeners.has('fetch')).toBe(false);
  });
});
