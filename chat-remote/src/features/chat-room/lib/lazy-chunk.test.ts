import { describe, expect, it } from '@rstest/core';
import { lazyChunk } from './lazy-chunk';

describe('lazyChunk', () => {
  it('imports once for every caller, and has the value at hand once loaded', async () => {
    let imports = 0;
    const chunk = lazyChunk(async () => {
      imports++;
      return 'parser';
    });
    expect(chunk.now()).toBeNull();
    const [first, second] = await Promise.all([chunk.load(), chunk.load()]);
    expect([first, second, chunk.now(), imports]).toEqual(['parser', 'parser', 'parser', 1]);
    await chunk.load();
    expect(imports).toBe(1);
  });

  it('asks again after a failed import', async () => {
    let imports = 0;
    const chunk = lazyChunk(async () => {
      imports++;
      if (imports === 1) throw new Error('offline');
      return 42;
    });
    await expect(chunk.load()).rejects.toThrow('offline');
    expect(chunk.now()).toBeNull();
    expect(await chunk.load()).toBe(42);
    expect(imports).toBe(2);
  });
});
