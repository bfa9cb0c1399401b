import type { LighthouseFigures } from './lighthouse';
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
  /** bootup-time's totals per kind of script (scripts under 50 ms are left out by Lighthouse). */
  scripts: Record<ScriptKind, number>;
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
  return {
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

export function mainThreadCells({ groups, scripts }: MainThread): string[] {
  return [
    ...mainThreadGroups.map(([group]) => (groups[group] ?? 0).toFixed(0)),
    ...scriptKinds.map((kind) => scripts[kind].toFixed(0)),
  ];
}
