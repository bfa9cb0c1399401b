import { describe, expect, it } from '@rstest/core';
import { Background, isInBackground } from './background';

describe('work in the background', () => {
  it('runs at most its slots at once, in order of arrival, marked as background', async () => {
    const background = new Background({ slots: 1 });
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const job = (name: string) =>
      background.run(async () => {
        running++;
        most = Math.max(most, running);
        expect(isInBackground()).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(name);
        running--;
      });
    await Promise.all([job('a'), job('b'), job('c')]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(isInBackground()).toBe(false);
  });

  it('waits while other work is under way, at most maxWaitMs', async () => {
    let busy = true;
    const background = new Background({ busy: () => busy, maxWaitMs: 1000 });
    setTimeout(() => {
      busy = false;
    }, 30);
    const started = performance.now();
    await background.run(async () => undefined);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    busy = true;
    const bounded = new Background({ busy: () => busy, maxWaitMs: 20 });
    const start = performance.now();
    await bounded.run(async () => undefined);
    expect(performance.now() - start).toBeLessThan(500);
  });

  it('gives the slot back when the work fails', async () => {
    const background = new Background({ slots: 1 });
    await expect(background.run(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await background.run(async () => 'next')).toBe('next');
  });
});
