import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { forgetServiceWorker } from './forget-service-worker';
import { STOP_KEEPING } from './stop-keeping';

afterEach(() => {
  rs.unstubAllGlobals();
});

describe('forgetServiceWorker', () => {
  it('unregisters every service worker of the origin and deletes every cache', async () => {
    const unregister = rs.fn(async () => true);
    rs.stubGlobal('navigator', {
      serviceWorker: { getRegistrations: async () => [{ unregister }, { unregister }] },
    });
    const kept = new Set(['chat-static', 'chat-remote-entries']);
    rs.stubGlobal('caches', {
      keys: async () => [...kept],
      delete: async (key: string) => kept.delete(key),
    });

    await forgetServiceWorker();

    expect(unregister).toHaveBeenCalledTimes(2);
    expect(kept.size).toBe(0);
  });

  it('first tells the worker controlling the page to keep nothing more, and waits for its answer', async () => {
    const order: string[] = [];
    const controller = {
      postMessage: (message: { type: string }, [port]: MessagePort[]) => {
        order.push(`told ${message.type}`);
        setTimeout(() => {
          order.push('answered');
          port?.postMessage('stopped');
        }, 50);
      },
    };
    rs.stubGlobal('navigator', {
      serviceWorker: {
        controller,
        getRegistrations: async () => [{ unregister: async () => order.push('unregistered') }],
      },
    });
    rs.stubGlobal('caches', { keys: async () => [], delete: async () => true });

    await forgetServiceWorker();

    expect(order).toEqual([`told ${STOP_KEEPING}`, 'answered', 'unregistered']);
  });

  it('resolves in a browser without service workers or caches', async () => {
    rs.stubGlobal('navigator', {});
    rs.stubGlobal('caches', undefined);
    await expect(forgetServiceWorker()).resolves.toBeUndefined();
  });

  it('resolves when the browser refuses', async () => {
    rs.stubGlobal('navigator', {
      serviceWorker: { getRegistrations: () => Promise.reject(new Error('denied')) },
    });
    await expect(forgetServiceWorker()).resolves.toBeUndefined();
  });
});
