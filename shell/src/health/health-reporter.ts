import { type ErrorKind, MAX_ENTRIES, type ReportedApp } from './beacon-fields';
import type { Beacon, ErrorEntry, LoadEntry, VitalEntry } from './beacon-schema';

/** At most one beacon per this many milliseconds per tab, except when the page is being hidden. */
export const BEACON_INTERVAL_MS = 5_000;
/** A tab whose beacons the browser keeps refusing must not grow its queue without end. */
const MAX_QUEUED = 10 * MAX_ENTRIES;

export interface HealthReporterOptions {
  session: string;
  /** Hands a beacon's body to the browser (navigator.sendBeacon); false when it refused it. */
  send: (body: string) => boolean;
  /** The version an app's manifest stated, as far as the page knows it yet. */
  versionOf: (app: ReportedApp) => string;
  intervalMs?: number;
}

/** An entry as the page knows it: the app by name, its version added by the reporter. */
type Seen<Entry> = Omit<Entry, 'app' | 'version'> & { app: ReportedApp };

export interface HealthReporter {
  load(entry: Seen<LoadEntry>): void;
  error(app: ReportedApp, kind: ErrorKind): void;
  vital(entry: Seen<VitalEntry>): void;
  /** Sends what is queued now, whatever the interval says: the page is being hidden and may never return. */
  flush(): void;
}

/**
 * Queues what the page sees of each app and sends it in batches, one beacon per interval at most. Errors are
 * counts by app, version and kind: no message text, no stack, no address ever leaves the page.
 */
export function createHealthReporter({
  session,
  send,
  versionOf,
  intervalMs = BEACON_INTERVAL_MS,
}: HealthReporterOptions): HealthReporter {
  let loads: LoadEntry[] = [];
  let vitals: VitalEntry[] = [];
  let errors = new Map<string, ErrorEntry>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSent = Number.NEGATIVE_INFINITY;

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    if (loads.length === 0 && vitals.length === 0 && errors.size === 0) return;
    const beacon: Beacon = {
      session,
      loads: loads.slice(0, MAX_ENTRIES),
      errors: [...errors.values()].slice(0, MAX_ENTRIES),
      vitals: vitals.slice(0, MAX_ENTRIES),
    };
    loads = loads.slice(MAX_ENTRIES);
    vitals = vitals.slice(MAX_ENTRIES);
    errors = new Map([...errors].slice(MAX_ENTRIES));
    lastSent = Date.now();
    // A refused beacon (the browser's queue is full) is dropped: health reports must never pile up in a tab.
    send(JSON.stringify(beacon));
    if (loads.length > 0 || vitals.length > 0 || errors.size > 0) schedule();
  }

  function schedule(): void {
    if (timer !== undefined) return;
    const wait = Math.max(0, lastSent + intervalMs - Date.now());
    timer = setTimeout(flush, Math.max(wait, intervalMs / 5));
  }

  return {
    load(entry) {
      if (loads.length < MAX_QUEUED)
        loads.push({ ...entry, version: versionOf(entry.app), ms: Math.round(entry.ms) });
      schedule();
    },
    error(app, kind) {
      const version = versionOf(app);
      const key = `${app} ${version} ${kind}`;
      const counted = errors.get(key);
      // A loop that throws on every frame must not send thousands: the schema caps a count at 1000.
      if (counted) counted.count = Math.min(counted.count + 1, 1000);
      else errors.set(key, { app, version, kind, count: 1 });
      schedule();
    },
    vital(entry) {
      if (vitals.length < MAX_QUEUED) vitals.push({ ...entry, version: versionOf(entry.app) });
      schedule();
    },
    flush,
  };
}
