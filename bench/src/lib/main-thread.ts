import type { LighthouseFigures } from './lighthouse';
import { roleOf, type ScriptRole, scriptRoles } from './script-roles';
import { summarize } from './stats';

/**
 * Lighthouse's main-thread groups (mainthread-work-breakdown), in the order the table prints them: script
 * evaluation holds every component's render and antd's style building; style & layout the browser's own.
 */
export const mainThreadGroups = [
  ['scriptEvaluation', 'script eval'],
  ['styleLayout', 'style & layout'],
  ['paintCompositeRender', 'paint'],
  ['scriptParseCompile', 'parse & compile'],
  ['parseHTML', 'parse HTML & CSS'],
  ['garbageCollection', 'GC'],
  ['other', 'other'],
] as const;

/** What a script holds, told by its code: bootup-time names only URLs, and chunk names are hashes. */
export const scriptKinds = ['react-dom', 'antd', 'entry + federation runtime', 'other'] as const;
export type ScriptKind = (typeof scriptKinds)[number];

function kindOfCode(code: string): ScriptKind {
  // react-dom's root marker, antd's ConfigContext member, the federation runtime's global: none is minified.
  if (code.includes('__reactContainer$')) return 'react-dom';
  if (code.includes('getPrefixCls')) return 'antd';
  if (code.includes('__FEDERATION__')) return 'entry + federation runtime';
  return 'other';
}

const kinds = new Map<string, Promise<ScriptKind>>();

/** The kind of the script at `url`, fetched once (the servers under measurement are running). */
function kindOf(url: string): Promise<ScriptKind> {
  let kind = kinds.get(url);
  if (!kind) {
    kind = fetch(url).then(async (response) => (response.ok ? kindOfCode(await response.text()) : 'other'));
    kinds.set(url, kind);
  }
  return kind;
}

/** One cell's main thread, as medians over its runs (ms, under Lighthouse's 4× CPU slowdown). */
export interface MainThread {
  groups: Record<string, number>;
  /** bootup-time's totals per kind of script (every script: the bench sets its threshold to 0 ms). */
  scripts: Record<ScriptKind, number>;
  /** The same time by the part each script plays (./script-roles.ts): what federation adds is the first two. */
  roles: Record<ScriptRole, number>;
  /** Each remote's entry alone (remoteEntry.js), by app. */
  remoteEntries: Record<string, number>;
  /** KiB transferred per role (scripts only). */
  roleKiB: Record<ScriptRole, number>;
  /** Script responses the page loaded. */
  scriptRequests: number;
}

const zeroes = <Key extends string>(keys: readonly Key[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<Key, number>;

/** One run's script time and bytes by role. */
async function rolesOfRun(run: LighthouseFigures) {
  const roles = zeroes(scriptRoles);
  const roleKiB = zeroes(scriptRoles);
  const remoteEntries: Record<string, number> = {};
  for (const script of run.scripts) {
    if (!/^https?:/.test(script.url)) continue;
    const { role, app } = await roleOf(script.url);
    roles[role] += script.totalMs;
    if (role === 'remote entries') remoteEntries[app] = (remoteEntries[app] ?? 0) + script.totalMs;
  }
  const scripts = run.transfers.filter(({ url }) => /^https?:.*\.js(\?|$)/.test(url));
  for (const { url, bytes } of scripts) roleKiB[(await roleOf(url)).role] += bytes / 1024;
  return { roles, roleKiB, remoteEntries, scriptRequests: scripts.length };
}

export async function mainThreadOf(runs: LighthouseFigures[]): Promise<MainThread> {
  const perRun = await Promise.all(
    runs.map(async (run) => {
      const totals = Object.fromEntries(scriptKinds.map((kind) => [kind, 0])) as Record<ScriptKind, number>;
      for (const script of run.scripts) {
        if (!/^https?:/.test(script.url)) continue;
        totals[await kindOf(script.url)] += script.totalMs;
      }
      return totals;
    }),
  );
  const median = (values: number[]) => summarize(values).median;
  const byRole = await Promise.all(runs.map(rolesOfRun));
  const apps = [...new Set(byRole.flatMap((run) => Object.keys(run.remoteEntries)))];
  const medianOf = <Key extends string>(
    keys: readonly Key[],
    pick: (run: (typeof byRole)[number]) => Record<string, number>,
  ) =>
    Object.fromEntries(keys.map((key) => [key, median(byRole.map((run) => pick(run)[key] ?? 0))])) as Record<
      Key,
      number
    >;
  return {
    roles: medianOf(scriptRoles, (run) => run.roles),
    roleKiB: medianOf(scriptRoles, (run) => run.roleKiB),
    remoteEntries: medianOf(apps, (run) => run.remoteEntries),
    scriptRequests: median(byRole.map((run) => run.scriptRequests)),
    groups: Object.fromEntries(
      mainThreadGroups.map(([group]) => [group, median(runs.map((run) => run.mainThread[group] ?? 0))]),
    ),
    scripts: Object.fromEntries(
      scriptKinds.map((kind) => [kind, median(perRun.map((totals) => totals[kind]))]),
    ) as Record<ScriptKind, number>,
  };
}

/** The column titles and cells of a main-thread breakdown, for a grid. */
export const mainThreadHeader = [
  ...mainThreadGroups.map(([, title]) => title),
  ...scriptKinds.map((kind) => `${kind} js`),
];

/** The columns of the breakdown by role: ms, then KiB transferred, then the script requests. */
export const roleHeader = [
  ...scriptRoles.map((role) => `${role} ms`),
  'remote entries by app ms',
  ...scriptRoles.map((role) => `${role} KiB`),
  'scripts',
];

export function mainThreadCells({ groups, scripts }: MainThread): string[] {
  return [
    ...mainThreadGroups.map(([group]) => (groups[group] ?? 0).toFixed(0)),
    ...scriptKinds.map((kind) => scripts[kind].toFixed(0)),
  ];
}

export function roleCells({ roles, remoteEntries, roleKiB, scriptRequests }: MainThread): string[] {
  return [
    ...scriptRoles.map((role) => roles[role].toFixed(0)),
    Object.entries(remoteEntries)
      .map(([app, ms]) => `${app} ${ms.toFixed(0)}`)
      .join(', ') || '–',
    ...scriptRoles.map((role) => roleKiB[role].toFixed(0)),
    scriptRequests.toFixed(0),
  ];
}
