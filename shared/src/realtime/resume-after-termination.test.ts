import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { resumeAfterTermination } from './resume-after-termination';

type Listener = (payload: never) => void;

/** pusher-js's connection manager as far as this module reads it; `connects` counts connect() calls. */
function fakeConnection() {
  const listeners: Record<string, Listener[]> = {};
  let connects = 0;
  const connection = {
    state: 'connected',
    bind(event: string, listener: Listener) {
      listeners[event] = [...(listeners[event] ?? []), listener];
    },
    connect() {
      connects++;
      connection.become('connecting');
    },
    emit(event: string, payload: unknown) {
      for (const listener of listeners[event] ?? []) listener(payload as never);
    },
    become(current: string) {
      const previous = connection.state;
      connection.state = current;
      connection.emit('state_change', { previous, current });
    },
  };
  return { connection, connects: () => connects };
}

/** What pusher-js reports when the server ends the socket with 4009: the error, then "refused" → disconnected. */
function endedWith4009(connection: ReturnType<typeof fakeConnection>['connection']) {
  connection.emit('error', {
    type: 'PusherError',
    data: { code: 4009, message: 'You got disconnected by the app.' },
  });
  connection.become('disconnected');
}

beforeEach(() => {
  rs.useFakeTimers();
});
afterEach(() => {
  rs.useRealTimers();
});

describe('resumeAfterTermination', () => {
  it('connects again when a signed-in connection is ended with 4009', () => {
    const { connection, connects } = fakeConnection();
    resumeAfterTermination(connection);
    connection.emit('message', { event: 'pusher:signin_success' });
    endedWith4009(connection);
    expect(connects()).toBe(0);
    rs.advanceTimersByTime(0);
    expect(connects()).toBe(1);
    expect(connection.state).toBe('connecting');
  });

  it('leaves a 4009 alone when the connection never signed in (a refused or missing sign-in): no loop', () => {
    const { connection, connects } = fakeConnection();
    resumeAfterTermination(connection);
    endedWith4009(connection);
    rs.advanceTimersByTime(10);
    expect(connects()).toBe(0);
  });

  it('needs a new sign-in on each connection: a refused sign-in after a resume is not retried', () => {
    const { connection, connects } = fakeConnection();
    resumeAfterTermination(connection);
    connection.emit('message', { event: 'pusher:signin_success' });
    endedWith4009(connection);
    rs.advanceTimersByTime(0);
    connection.become('connected');
    endedWith4009(connection);
    rs.advanceTimersByTime(10);
    expect(connects()).toBe(1);
  });

  it('leaves an app-made disconnect and other errors alone', () => {
    const { connection, connects } = fakeConnection();
    resumeAfterTermination(connection);
    connection.emit('message', { event: 'pusher:signin_success' });
    connection.emit('error', { type: 'PusherError', data: { code: 4301 } });
    connection.become('disconnected');
    rs.advanceTimersByTime(10);
    expect(connects()).toBe(0);
  });
});
