import type { RemoteName } from '@chat/shared';
import type { ReportedApp } from './beacon-fields';

/** Until a remote's manifest has arrived its version is not known; the server counts it as `other`. */
export const UNKNOWN_VERSION = 'unknown';

// The shell's own, stamped at build time (shared/build/create-app-config.ts).
const versions = new Map<ReportedApp, string>([['shell', process.env.MF_BUILD_VERSION ?? UNKNOWN_VERSION]]);

/** Set from each manifest the federation runtime reads (./federation/health-plugin.ts). */
export function setRemoteVersion(remote: RemoteName, version: string): void {
  versions.set(remote, version);
}

export const versionOf = (app: ReportedApp): string => versions.get(app) ?? UNKNOWN_VERSION;
