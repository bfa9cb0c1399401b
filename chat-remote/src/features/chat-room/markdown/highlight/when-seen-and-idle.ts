/**
 * Runs `run` once `element` comes within a screen of the viewport and the main thread is then idle (at
 * the latest a second later): work that only decorates, such as colouring a code block, waits for the
 * first paint and skips what nobody scrolls to. Returns a function that cancels it.
 */
export function whenSeenAndIdle(element: Element, run: () => void): () => void {
  let cancelIdle = () => {};
  const idle = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(run, { timeout: 1000 });
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(run, 50);
      cancelIdle = () => clearTimeout(handle);
    }
  };
  if (typeof IntersectionObserver !== 'function') {
    idle();
    return () => cancelIdle();
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      idle();
    },
    { rootMargin: '100% 0px' },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    cancelIdle();
  };
}
