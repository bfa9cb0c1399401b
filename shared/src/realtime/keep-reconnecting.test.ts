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

describe('keepReconnecting', () => {
  it('starts a fresh attempt (disconnect, then connect) 0.5 s after each one, until connected', () => {
    const { connection, log, restarts } = droppedConnection();
    rs.advanceTimersByTime(499);
    expect(restarts()).toBe(0);
    rs.advanceTimersByTime(1);
    expect(log).toEqual(['disconnect', 'connect']);
    expect(connection.state).toBe('connecting');
    rs.advanceTimersByTime(2_000);
    expect(restarts()).toBe(5);

    connection.become('connected');
    rs.advanceTimersByTime(60_000);
    expect(restarts()).toBe(5);
  });

  it('waits longer as the outage goes on, up to 5 s apart', () => {
    const { restarts } = droppedConnection();
    rs.advanceTimersByTime(10_000);
    expect(restarts()).toBe(20);
    rs.advanceTimersByTime(110_000);
    const afterTwoMinutes = restarts();
    rs.advanceTimersByTime(50_000);
    expect(restarts() - afterTwoMinutes).toBe(10);
  });

  it("starts a new outage's schedule afresh once connected in between", () => {
    const { connection, restarts } = droppedConnection();
    rs.advanceTimersByTime(60_000);
    rs.advanceTimersToNextTimer();
    rs.advanceTimersByTime(30);
    connection.become('connected');
    const before = restarts();
    connection.become('connecting');
    rs.advanceTimersByTime(500);
    expect(restarts()).toBe(before + 1);
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

  it('leaves a first connection 2 s, and takes over if pusher-js was already connecting when attached', () => {
    const fake = fakeConnection('connecting');
    attach(fake.connection);
    rs.advanceTimersByTime(1_999);
    expect(fake.restarts()).toBe(0);
    rs.advanceTimersByTime(1);
    expect(fake.restarts()).toBe(1);
  });

  it('restarts its wait when the browser comes online, as pusher-js then starts an attempt of its own', () => {
    const { restarts } = droppedConnection();
    rs.advanceTimersByTime(400);
    window.dispatchEvent(new Event('online'));
    rs.advanceTimersByTime(499);
    expect(restarts()).toBe(0);
    rs.advanceTimersByTime(1);
    expect(restarts()).toBe(1);
  });

  it('keeps trying through pusher-js\'s "unavailable"', () => {
    const { connection, restarts } = droppedConnection();
    connection.become('unavailable');
    rs.advanceTimersByTime(500);
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
