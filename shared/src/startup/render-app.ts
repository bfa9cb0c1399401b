import { type ReactNode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { leverOn } from '../config/perf-levers';
import { staticStylesLoaded } from './static-styles';

/**
 * Renders an app's tree into `container` once its stylesheet is in. Inside a transition, React renders the
 * first screen in slices of a few milliseconds instead of one long task, so the browser can paint and answer
 * input between them (only the commit is one task); a phone's CPU turned that task into seconds of blocking.
 */
export async function renderApp(container: HTMLElement, tree: ReactNode): Promise<void> {
  await staticStylesLoaded();
  const root = createRoot(container);
  if (leverOn('yielding-render')) startTransition(() => root.render(tree));
  else root.render(tree);
}
