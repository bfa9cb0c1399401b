import { readFile } from 'node:fs/promises';
import type { ReportedApp } from '../src/health/beacon-fields';

/** The label of every version the server has not read in a manifest: a beacon cannot mint series. */
export const OTHER_VERSION = 'other';
/** Versions kept per app: the one deployed now and a few before it, whose tabs are still open. */
const KEPT_PER_APP = 4;
const REFRESH_MS = 30_000;
const FETCH_TIMEOUT_MS = 5_000;

export interface KnownVersions {
  /** The version as a label: itself when a manifest of that app stated it, else `other`. */
  label(app: ReportedApp, version: string): string;
  /** What each app's manifest says now (the last one read), for the canary's judge and the docs. */
  current(): Partial<Record<ReportedApp, string>>;
  refresh(): Promise<void>;
  /**
   * Reads another manifest of `app` too (a canary's), so its version is a label, without making it the app's
   * current one.
   */
  watch(app: ReportedApp, location: string): Promise<void>;
  /** Re-reads the manifests every 30 s, so a deploy's new version is known within half a minute. */
  start(): () => void;
}

interface Manifest {
  metaData?: { buildInfo?: { buildVersion?: unknown } };
}

const versionOf = (manifest: Manifest): string | undefined => {
  const version = manifest.metaData?.buildInfo?.buildVersion;
  return typeof version === 'string' && version.length <= 64 ? version : undefined;
};

/**
 * Where each app's manifest is: an http(s) URL (the remotes, as /config.json names them) or a file path (the
 * shell's own build). A manifest that cannot be read keeps the versions read before.
 */
export function createKnownVersions(
  manifests: Partial<Record<ReportedApp, string>>,
  fetchImpl: typeof fetch = fetch,
): KnownVersions {
  const seen = new Map<ReportedApp, string[]>();
  const currents = new Map<ReportedApp, string>();
  const watched = new Map<string, ReportedApp>();

  async function read(location: string): Promise<Manifest> {
    if (!/^https?:\/\//.test(location)) return JSON.parse(await readFile(location, 'utf8')) as Manifest;
    const response = await fetchImpl(location, {
      cache: 'no-store',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${location} answered ${response.status}`);
    return (await response.json()) as Manifest;
  }

  function remember(app: ReportedApp, version: string): void {
    const versions = (seen.get(app) ?? []).filter((known) => known !== version);
    seen.set(app, [version, ...versions].slice(0, KEPT_PER_APP));
  }

  async function readVersion(app: ReportedApp, location: string, current: boolean): Promise<void> {
    try {
      const version = versionOf(await read(location));
      if (!version) return;
      remember(app, version);
      if (current) currents.set(app, version);
    } catch {
      // A remote being deployed or down: its known versions stay as they were.
    }
  }

  async function refresh(): Promise<void> {
    await Promise.all([
      ...Object.entries(manifests).map(([app, location]) =>
        readVersion(app as ReportedApp, location as string, true),
      ),
      ...[...watched].map(([location, app]) => readVersion(app, location, false)),
    ]);
  }

  return {
    label: (app, version) => (seen.get(app)?.includes(version) ? version : OTHER_VERSION),
    current: () => Object.fromEntries(currents),
    refresh,
    async watch(app, location) {
      watched.set(location, app);
      await readVersion(app, location, false);
    },
    start() {
      void refresh();
      const timer = setInterval(() => void refresh(), REFRESH_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
