import { type RemoteName, type RuntimeConfig, remoteNames } from '@chat/shared';
import type { ReportedApp } from './beacon-fields';

/** Where a remote's scripts live: the folder its manifest is in (chunks resolve from there). */
const scriptsFolder = (manifestUrl: string) => new URL('.', new URL(manifestUrl, window.location.href)).href;

/**
 * Which app an error belongs to, from where its code was loaded: the first frame of the stack (or the
 * event's filename) under a remote's folder names that remote; anything else is the shell's. Only the name
 * leaves this function, never the stack.
 */
export function appOfStack(config: RuntimeConfig): (stack: string | undefined) => ReportedApp {
  const folders = remoteNames.map((name): [RemoteName, string] => [
    name,
    scriptsFolder(config.remotes[name]),
  ]);
  return (stack) => {
    if (!stack) return 'shell';
    let first: [RemoteName, number] | undefined;
    for (const [name, folder] of folders) {
      const at = stack.indexOf(folder);
      if (at >= 0 && (!first || at < first[1])) first = [name, at];
    }
    return first?.[0] ?? 'shell';
  };
}
