import { describe, expect, it } from '@rstest/core';
import { FetchQueue } from './fetch-queue';

/** A job that records when it runs and finishes when the test says. */
function job(log: string[], name: string) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    run: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the fetch queue', () => {
  it('runs at most `slots` at once, and one at a time per host', async () => {
    const queue = new FetchQueue(2);
    const log: string[] = [];
    const a1 = job(log, 'a1');
    const a2 = job(log, 'a2');
    const b = job(log, 'b');
    const c = job(log, 'c');
    const all = [
      queue.run('a.test', a1.run),
      queue.run('a.test', a2.run),
      queue.run('b.test', b.run),
      queue.run('c.test', c.run),
    ];
    await settle();
    // a2 waits for a1 (same host) without taking a slot; c waits for a free slot.
    expect(log).toEqual(['start a1', 'start b']);
    a1.finish();
    await settle();
    expect(log.slice(2)).toEqual(['end a1', 'start c']);
    b.finish();
    await settle();
    expect(log.slice(4)).toEqual(['end b', 'start a2']);
    a2.finish();
    c.finish();
    await Promise.all(all);
  });

  it('goes on with a host after a job of it failed', async () => {
    const queue = new FetchQueue(1);
    await expect(queue.run('a.test', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run('a.test', async () => 'next')).toBe('next');
  });
});
