/**
 * What part a script plays in the page, for telling federation's own cost from the app's: the page's entry
 * (federated: the shell's, which holds the federation runtime; monolith: its bundler runtime), a remote's
 * entry (remoteEntry.js), a shared package's chunk (listed under `shared` in its app's mf-manifest.json), or
 * the app's own chunks. The monolith has no manifest: past its entry, every chunk is the app's (its libraries
 * are split by the bundler, not by package, so they cannot be told apart by URL).
 */
export const scriptRoles = ['entry + MF runtime', 'remote entries', 'shared packages', 'app chunks'] as const;
export type ScriptRole = (typeof scriptRoles)[number];

interface Manifest {
  name?: string;
  metaData?: { remoteEntry?: { path?: string; name?: string } };
  shared?: { assets?: { js?: { sync?: string[]; async?: string[] } } }[];
}

/** What one origin's manifest says about its files; null where the origin serves none (the monolith). */
interface OriginFiles {
  app: string;
  remoteEntry: string | null;
  shared: string[];
}

const origins = new Map<string, Promise<OriginFiles | null>>();

function filesOf(origin: string): Promise<OriginFiles | null> {
  let files = origins.get(origin);
  if (!files) {
    files = fetch(`${origin}/mf-manifest.json`)
      .then(async (response) => {
        if (!response.ok) return null;
        const manifest = (await response.json()) as Manifest;
        const entry = manifest.metaData?.remoteEntry;
        return {
          app: manifest.name ?? origin,
          remoteEntry: entry?.name ? [entry.path, entry.name].filter(Boolean).join('/') : null,
          shared: (manifest.shared ?? []).flatMap(({ assets }) => [
            ...(assets?.js?.sync ?? []),
            ...(assets?.js?.async ?? []),
          ]),
        };
      })
      .catch(() => null);
    origins.set(origin, files);
  }
  return files;
}

/** The role of the script at `url`, and the app it came from ('' for the monolith). */
export async function roleOf(url: string): Promise<{ role: ScriptRole; app: string }> {
  const { origin, pathname } = new URL(url);
  const files = await filesOf(origin);
  const is = (file: string) => pathname.endsWith(`/${file.replace(/^\/+/, '')}`);
  if (/\/static\/js\/index\.[^/]+\.js$/.test(pathname))
    return { role: 'entry + MF runtime', app: files?.app ?? '' };
  if (!files) return { role: 'app chunks', app: '' };
  if (files.remoteEntry && is(files.remoteEntry)) return { role: 'remote entries', app: files.app };
  if (files.shared.some(is)) return { role: 'shared packages', app: files.app };
  return { role: 'app chunks', app: files.app };
}
