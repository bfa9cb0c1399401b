import { useEffect, useMemo, useRef } from 'react';
import { timings } from '../constants';
import { useServices } from '../services/services-context';

/** Handlers that preload `to` once the pointer or focus has rested on a control for 50 ms. */
export function useIntentPreload(to: string) {
  const { navigation } = useServices();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(() => {
    const start = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigation.preload(to), timings.preloadDelay);
    };
    const cancel = () => clearTimeout(timer.current);
    return { onMouseEnter: start, onFocus: start, onMouseLeave: cancel, onBlur: cancel };
  }, [navigation, to]);
}
