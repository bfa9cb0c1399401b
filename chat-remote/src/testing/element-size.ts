import { afterAll, beforeAll } from '@rstest/core';

/**
 * happy-dom lays nothing out, so every element measures 0×0 and a virtualized list would show no rows.
 * Gives elements a viewport-like size for the tests of one file.
 */
export function withElementSize(width = 800, height = 600): void {
  const sizes = { offsetWidth: width, clientWidth: width, offsetHeight: height, clientHeight: height };
  const originals = Object.keys(sizes).map(
    (key) =>
      [
        key,
        Object.getOwnPropertyDescriptor(Element.prototype, key) ??
          Object.getOwnPropertyDescriptor(HTMLElement.prototype, key),
      ] as const,
  );
  beforeAll(() => {
    for (const [key, value] of Object.entries(sizes)) {
      Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
    }
  });
  afterAll(() => {
    for (const [key] of originals) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
    for (const [key, descriptor] of originals) {
      if (descriptor && !Object.getOwnPropertyDescriptor(Element.prototype, key)) {
        Object.defineProperty(HTMLElement.prototype, key, descriptor);
      }
    }
  });
}
