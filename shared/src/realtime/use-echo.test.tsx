import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import { testConfig } from '../testing/render-with-services';
import { createEchoLoader, type EchoClient, type EchoLoader } from './create-echo-loader';
import { reconnectSchedule } from './reconnect-schedule';
import { useEcho } from './use-echo';

const client = { connectionStatus: () => 'connected' } as unknown as EchoClient;

/** A loader whose downloads answer as the test says, one answer per attempt. */
function scriptedLoader(answers: ('fail' | 'ok')[]) {
  let loaded: EchoClient | undefined;
  const attempts: string[] = [];
  const loader: EchoLoader = Object.assign(() => client, {
    loaded: () => loaded,
    load: async () => {
      const answer = answers[attempts.length] ?? 'ok';
      attempts.push(answer);
      if (answer === 'fail') throw new Error('chunk failed');
      loaded = client;
      return client;
    },
  });
  return { loader, attempts };
}

describe('useEcho', () => {
  afterEach(() => {
    rs.useRealTimers();
  });

  it('is undefined while the code downloads, then the client', async () => {
    const { loader, attempts } = scriptedLoader(['ok']);
    const { result } = renderHook(() => useEcho(loader));
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toBe(client));
    expect(attempts).toEqual(['ok']);
  });

  it('has the client on the first render once a screen before it loaded it', async () => {
    const { loader } = scriptedLoader(['ok']);
    await loader.load();
    const { result } = renderHook(() => useEcho(loader));
    expect(result.current).toBe(client);
  });

  it('takes the plain factory of a shell built before the loader as it is', () => {
    const factory = rs.fn(() => client);
    const { result } = renderHook(() => useEcho(factory));
    expect(result.current).toBe(client);
  });

  it('tries a failed download again after the longest reconnect wait', async () => {
    rs.useFakeTimers();
    const { loader, attempts } = scriptedLoader(['fail', 'ok']);
    const { result } = renderHook(() => useEcho(loader));
    await act(async () => {});
    expect(attempts).toEqual(['fail']);
    await act(async () => {
      await rs.advanceTimersByTimeAsync(reconnectSchedule.maxMs);
    });
    expect(attempts).toEqual(['fail', 'ok']);
    expect(result.current).toBe(client);
  });
});

describe('createEchoLoader', () => {
  it('downloads Echo on the first load only, and answers the function form once loaded', async () => {
    const http = { post: rs.fn(async () => ({ auth: 'x' })) };
    const echo = createEchoLoader(testConfig, http as never);
    expect(echo.loaded()).toBeUndefined();
    expect(() => echo()).toThrow('not loaded yet');
    const [first, second] = await Promise.all([echo.load(), echo.load()]);
    try {
      expect(first).toBe(second);
      expect(echo.loaded()).toBe(first);
      expect(echo()).toBe(first);
      expect(await echo.load()).toBe(first);
    } finally {
      first.disconnect();
    }
  });
});
