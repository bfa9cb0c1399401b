import type { RemoteName, RuntimeConfig } from '@chat/shared';
import { createStore, useStore } from 'zustand';

export type RemoteEntries = Record<RemoteName, string>;

/**
 * The manifest each remote's slots load from now: the served configuration's at start, then whatever a later
 * read of it says (./follow-runtime-config.ts). Slots key their module by it, so a new address remounts them.
 * `seen` keeps every address a remote was loaded from in this page: an old version's code can still run
 * (a timer, a late promise), and its errors are still that remote's.
 */
export const remoteEntries = createStore<{ current: RemoteEntries; seen: [RemoteName, string][] }>(() => ({
  current: { auth: '', rooms: '', chat: '' },
  seen: [],
}));

export function setRemoteEntry(name: RemoteName, entry: string): void {
  remoteEntries.setState(({ current, seen }) => ({
    current: { ...current, [name]: entry },
    seen: seen.some(([known, url]) => known === name && url === entry) ? seen : [...seen, [name, entry]],
  }));
}

export function setRemoteEntries(config: RuntimeConfig): void {
  for (const [name, entry] of Object.entries(config.remotes) as [RemoteName, string][])
    setRemoteEntry(name, entry);
}

export const entryOf = (name: RemoteName): string => remoteEntries.getState().current[name];

export const useRemoteEntry = (name: RemoteName): string =>
  useStore(remoteEntries, (state) => state.current[name]);
