import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RemoteName, RuntimeConfig } from '@chat/shared';
import type { Registry } from 'prom-client';
import type { BeaconObserver } from '../beacon-endpoint';
import type { KnownVersions } from '../known-versions';
import { armTallies } from './arm-tally';
import { type Assigned, assignArms } from './assign-arms';
import { canaryCookieHeader, readCanaryCookie, signAssignments, verifyAssignments } from './canary-cookie';
import { createCanaryMetrics } from './canary-metrics';
import type { CanarySettings } from './canary-settings';
import {
  type Arm,
  type ArmFigures,
  arms,
  type Canary,
  type CanaryState,
  type DecisionKind,
  isRunning,
} from './canary-state';
import { judgeCanary } from './judge-canary';
import type { StateStore } from './state-store';
import { withDecision } from './with-decision';

export interface ShellCanaryOptions {
  config: RuntimeConfig;
  settings: CanarySettings;
  store: StateStore;
  versions: KnownVersions;
  registry: Registry;
  /** CANARY_SECRET; else the one generated once and kept in the state. */
  secret?: string;
  /** Whether the browser reached us over https (the cookie's Secure flag). */
  isSecure?: (req: IncomingMessage) => boolean;
  now?: () => number;
  random?: () => number;
  log?: (line: string) => void;
}

/**
 * The canary inside the shell's server: assigns each browser its arm for /config.json and the page, counts the
 * beacons of assigned browsers per arm, and every `judgeSeconds` rolls back or promotes. The state is re-read
 * from the store on every round, so several servers sharing one Redis see each other's starts and decisions.
 */
export async function createShellCanary(options: ShellCanaryOptions) {
  const { config, settings, store, versions, now = Date.now, log = console.log } = options;
  // An unreadable store (Redis down) must not keep the page from being served: no canary until it answers.
  const saved = await store.load().catch((error: Error) => {
    console.error(
      `[canary] the state in ${store.where} cannot be read, no canary until it can:`,
      error.message,
    );
    return undefined;
  });
  let state: CanaryState = saved ?? {
    secret: randomBytes(32).toString('base64url'),
    canaries: {},
    promoted: {},
    decisions: [],
  };
  if (saved === null) await store.save(state);
  const secret = () => options.secret ?? state.secret;
  const metrics = createCanaryMetrics(options.registry);
  const tallyOf = armTallies(settings.sessionsPerAddress);
  // One change of the state at a time: a round of the judge and a start must not save over each other.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(change: () => Promise<T>): Promise<T> => {
    const next = queue.then(change, change);
    queue = next.catch(() => {});
    return next;
  };
  const watchVersions = () => {
    for (const canary of Object.values(state.canaries)) void versions.watch(canary.remote, canary.manifest);
    for (const [remote, promoted] of Object.entries(state.promoted))
      void versions.watch(remote as RemoteName, promoted.manifest);
  };
  const showShares = () => {
    for (const canary of Object.values(state.canaries))
      metrics.share(canary.remote, isRunning(canary) ? canary.share : 0);
  };
  watchVersions();
  showShares();

  /**
   * This browser's /config.json, and the Set-Cookie header when its arms were drawn now: only the page draws
   * (`draw`), /config.json keeps an undrawn browser on the baseline (./assign-arms.ts).
   */
  function assign(req: IncomingMessage, draw = true): Assigned & { setCookie?: string } {
    const cookie = verifyAssignments(secret(), readCanaryCookie(req.headers.cookie));
    const assigned = assignArms(state, config, cookie, options.random, draw);
    if (!assigned.changed) return assigned;
    const value = signAssignments(secret(), assigned.assignments);
    return { ...assigned, setCookie: canaryCookieHeader(value, options.isSecure?.(req) ?? false) };
  }

  const observe: BeaconObserver = (beacon, request) => {
    const assignments = verifyAssignments(secret(), readCanaryCookie(request.cookie));
    for (const [remote, assignment] of Object.entries(assignments ?? {})) {
      const canary = state.canaries[remote as RemoteName];
      if (isRunning(canary) && canary.id === assignment.id)
        tallyOf(canary).record(assignment.arm, request.address, beacon);
    }
  };

  async function decide(
    canary: Canary,
    {
      decision,
      reason,
      figures,
    }: { decision: DecisionKind; reason: string; figures: Record<Arm, ArmFigures> },
  ): Promise<void> {
    const decided = withDecision(state, config, canary, { decision, reason, figures, at: now() });
    state = decided.state;
    await store.save(state);
    metrics.decided(canary.remote, decision);
    const { entry } = decided;
    log(
      JSON.stringify({
        event: 'canary-decision',
        manifest: canary.manifest,
        ...entry,
        at: new Date(entry.at).toISOString(),
      }),
    );
  }

  /** One round of the judge over every running canary. */
  const judge = () =>
    exclusive(async () => {
      state = (await store.load()) ?? state;
      for (const canary of Object.values(state.canaries)) {
        if (!isRunning(canary)) continue;
        const figures = tallyOf(canary).figures();
        for (const arm of arms) metrics.sessions(canary.remote, arm, figures[arm].sessions);
        const { verdict, reason } = judgeCanary(canary, figures, settings, now());
        if (verdict === 'rollback' || verdict === 'promote')
          await decide(canary, { decision: verdict, reason, figures });
      }
      showShares();
    });

  /** Replaces the state with `change(state)` and keeps it. */
  const update = (change: (current: CanaryState) => CanaryState) =>
    exclusive(async () => {
      state = change((await store.load()) ?? state);
      await store.save(state);
      watchVersions();
      showShares();
      return state;
    });

  function start(): () => void {
    const timer = setInterval(
      () => void judge().catch((error) => console.error('[canary] judge', error)),
      settings.judgeSeconds * 1000,
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  return {
    assign,
    observe,
    judge,
    update,
    start,
    state: () => state,
    figures: (canary: Canary) => tallyOf(canary).figures(),
    judgeNow: (canary: Canary) => judgeCanary(canary, tallyOf(canary).figures(), settings, now()),
    settings,
    config,
    store,
    versions,
    now,
    log,
  };
}

export type ShellCanary = Awaited<ReturnType<typeof createShellCanary>>;
