import { type RefObject, useLayoutEffect } from 'react';

/** Tells `onHeight` the element's height (border box) now and at each change. */
export function useElementHeight(
  ref: RefObject<HTMLElement | null>,
  onHeight: ((height: number) => void) | undefined,
) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !onHeight) return;
    const measure = () => onHeight(element.getBoundingClientRect().height);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, onHeight]);
}
