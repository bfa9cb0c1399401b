import { type RefObject, useLayoutEffect, useState } from 'react';

export interface ColumnBox {
  left: number;
  width: number;
}

/**
 * Where the element stands across the viewport, followed as the page or the element resizes: the message bar
 * is fixed to the viewport's bottom (spec) but belongs over the conversation's column, which is not centred
 * once 'Your rooms' stands beside it.
 */
export function useColumnBox(ref: RefObject<HTMLElement | null>): ColumnBox | null {
  const [box, setBox] = useState<ColumnBox | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const { left, width } = element.getBoundingClientRect();
      setBox((last) => (last && last.left === left && last.width === width ? last : { left, width }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return box;
}
