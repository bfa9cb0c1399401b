import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * The height that lets an element reach from where it starts down to `bottomReserve` px above the
 * bottom of the window, so the list scrolls inside itself and the page does not.
 */
export function useFillHeight<T extends HTMLElement>(
  bottomReserve: number,
  min = 240,
): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    const update = () => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - bottomReserve)));
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [bottomReserve, min]);
  return [ref, height];
}
