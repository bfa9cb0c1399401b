import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { keepReconnecting, type ReconnectableConnection } from './keep-reconnecting';

type Listener = (change: { previous: string; current: string }) => void;

/** pusher-js's connection manager as far as states go; `restarts` counts disconnect() + connect() pairs. */
function fakeConnection(state = 'connected') {
  const listeners = new Set<Listener>();
  const log: string[] = [];
  const connection = {
    state,
    bind: (_event: 'state_change', listener: Listener) => listeners.add(listener),
    unbind: (_event: 'state_change', listener: Listener) => listeners.delete(listener),
    /** What pusher-js does on its own: a drop, a retry, a handshake. */
    become(current: string) {
      const previous = connection.state;
      connection.state = current;
      if (previous !== current) for (const listener of listeners) listener({ previous, current });
    },
    disconnect() {
      log.push('disconnect');
      connection.become('disconnected');
    },
    connect() {
      log.push('connect');
      connection.become('connecting');
    },
  };
  const restarts = () => log.filter((entry) => entry === 'connect').length;
  return { connection: connection satisfies ReconnectableConnection, log, restarts };
}

const running: (() => void)[] = [];
/** keepReconnecting, stopped after the test. */
function attach(connection: ReconnectableConnection) {
  const stop = keepReconnecting(connection, { random: () => 0 });
  running.push(stop);
  return stop;
}

beforeEach(() => {
  rs.useFakeTimers();
});
afterEach(() => {
  for (const stop of running.splice(0)) stop();
  rs.useRealTimers();
});

/** A connection that was up, with a 30 ms handshake measured, then dropped: pusher-js is trying again. */
function droppedConnection() {
  const fake = fakeConnection('initialized');
  const stop = attach(fake.connection);
  fake.connection.become('connecting');
  rs.advanceTimersByTime(30);
  fake.connection.become('connected');
  fake.connection.become('connecting');
  return { ...fake, stop };
}

/** The server's answer to "are you back?", switchable by the test; each question is counted. */
function server(up = false) {
  const state = { up, questions: 0 };
  const reachable = async () => {
    state.questions++;
    return state.up;
  };
  return { state, reachable };
}

/** Lets the question's promise settle under fake timers. */
const settle = () => rs.advanceTimersByTimeAsync(0);

describe('keepReconnecting', () => {
  it('asks whether the server is back, every 0.5 s, and makes no attempt until it is', async () => {
    const { state, reachable } = server();
    const fake = fakeConnection('initialized');
    running.push(keepReconnecting(fake.connection, { random: () => 0, reachable }));
    fake.connection.become('connecting');
    rs.advanceTimersByTime(30);
    fake.connection.become('connected');
    fake.connection.become('connecting');
    // pusher-js's own attempt is left its window (2 s), then the questions start.
    await rs.advanceTimersByTimeAsync(1_999);
    expect(state.questions).toBe(0);
    await rs.advanceTimersByTimeAsync(1);
    expect(state.questions).toBe(1);
    await rs.advanceTimersByTimeAsync(5_000);
    expect(state.questions).toBe(11);
    expect(fake.restarts()).toBe(0);

    state.up = true;
    await rs.advanceTimersByTimeAsync(500);
    expect(fake.log).toEqual(['disconnect', 'connect']);
    fake.connection.become('connected');
    await rs.advanceTimersByTimeAsync(60_000);
    expect(fake.restarts()).toBe(1);
    expect(state.questions).toBe(12);
  });

  it('asks at most 1 s apart however long the outage, so the return is seen within a second', async () => {
    const { state, reachable } = server();
    const fake = fakeConnection('connecting');
    running.push(keepReconnecting(fake.connection, { random: () => 0, reachable }));
    await rs.advanceTimersByTimeAsync(120_000);
    const before = state.questions;
    await rs.advanceTimersByTimeAsync(10_000);
    expect(state.questions - before).toBe(10);
    state.up = true;
    await rs.advanceTimersByTimeAsync(1_000);
    expect(fake.restarts()).toBe(1);
  });

  it("doubles the window of each attempt that failed although the server answered (an HTTP proxy's 502)", async () => {
    const { reachable } = server(true);
    const fake = fakeConnection('connecting');
    running.push(keepReconnecting(fake.connection, { random: () => 0, reachable }));
    const restartTimes: number[] = [];
    const start = Date.now();
    for (let step = 0; step < 40; step++) {
      const before = fake.restarts();
      await rs.advanceTimersByTimeAsync(500);
      if (fake.restarts() > before) restartTimes.push(Date.now() - start);
    }
    // 2 s for pusher-js's attempt, then ours: 2 s, 4 s, 8 s, 16 s apart.
    expect(restartTimes).toEqual([2_000, 4_000, 8_000, 16_000]);
  });

  it('a question answered after the connection came back starts nothing', async () => {
    let answer: (up: boolean) => void = () => {};
    const reachable = () => new Promise<boolean>((resolve) => (answer = resolve));
    const fake = fakeConnection('connecting');
    running.push(keepReconnecting(fake.connection, { random: () => 0, reachable }));
    await rs.advanceTimersByTimeAsync(2_000);
    fake.connection.become('connected');
    answer(true);
    await settle();
    await rs.advanceTimersByTimeAsync(60_000);
    expect(fake.restarts()).toBe(0);
  });

  it('without a question to ask, starts a fresh attempt (disconnect, then connect) each window until connected', () => {
    const { connection, log, restarts } = droppedConnection();
    rs.advanceTimersByTime(1_999);
    expect(restarts()).toBe(0);
    rs.advanceTimersByTime(1);
    expect(log).toEqual(['disconnect', 'connect']);
    expect(connection.state).toBe('connecting');
    rs.advanceTimersByTime(4_000);
    expect(restarts()).toBe(3);

    connection.become('connected');
    rs.advanceTimersByTime(60_000);
    expect(restarts()).toBe(3);
  });

  it('gives each attempt twice the last handshake, so a slow link is not cut off', () => {
    const fake = fakeConnection('initialized');
    attach(fake.connection);
    fake.connection.become('connecting');
    rs.advanceTimersByTime(1_200);
    fake.connection.become('connected');
    fake.connection.become('connecting');
    rs.advanceTimersByTime(2_399);
    expect(fake.restarts()).toBe(0);
    rs.advanceTimersByTime(1);
    expect(fake.restarts()).toBe(1);
  });

  it('restarts its wait when the browser comes online, as pusher-js then starts an attempt of its own', () => {
    const { restarts } = droppedConnection();
    rs.advanceTimersByTime(1_000);
    window.dispatchEvent(new Event('online'));
    rs.advanceTimersByTime(1_999);
    expect(restarts()).toBe(0);
    rs.advanceTimersByTime(1);
    expect(restarts()).toBe(1);
  });

  it('keeps trying through pusher-js\'s "unavailable"', () => {
    const { connection, restarts } = droppedConnection();
    connection.become('unavailable');
    rs.advanceTimersByTime(2_000);
    expect(restarts()).toBe(1);
  });

  it('does not fight a disconnect it did not cause (the app, or a server refusing the app), nor "failed"', () => {
    for (const end of ['disconnected', 'failed']) {
      const { connection, restarts } = droppedConnection();
      connection.become(end);
      rs.advanceTimersByTime(60_000);
      expect(restarts()).toBe(0);
    }
  });

  it('stops when asked', () => {
    const { connection, restarts, stop } = droppedConnection();
    stop();
    rs.advanceTimersByTime(60_000);
    connection.become('connected');
    connection.become('connecting');
    rs.advanceTimersByTime(60_000);
    expect(restarts()).toBe(0);
  });
});
