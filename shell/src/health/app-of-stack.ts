import type { RemoteName } from '@chat/shared';
import type { ReportedApp } from './beacon-fields';

/** Where a remote's scripts live: the folder its manifest is in (chunks resolve from there). */
const scriptsFolder = (manifestUrl: string) => new URL('.', new URL(manifestUrl, window.location.href)).href;

/**
 * Which app an error belongs to, from where its code was loaded: the first frame of the stack (or the
 * event's filename) under a remote's folder names that remote; anything else is the shell's. Only the name
 * leaves this function, never the stack. `known` is every manifest each remote was loaded from in this page,
 * asked at each error: a remote swapped to another address (a canary rolled back or promoted) is found at
 * both, since the old version's code can still run.
 */
export function appOfStack(
  known: () => Iterable<readonly [RemoteName, string]>,
): (stack: string | undefined) => ReportedApp {
  return (stack) => {
    if (!stack) return 'shell';
    let first: [RemoteName, number] | undefined;
    for (const [name, manifest] of known()) {
      if (!manifest) continue;
      const at = stack.indexOf(scriptsFolder(manifest));
      if (at >= 0 && (!first || at < first[1])) first = [name, at];
    }
    return first?.[0] ?? 'shell';
  };
}
