import { type PGlite, protocol, types } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { isInBackground } from './background';
import { concat, type Param, toParam } from './pglite-params';
import { readResponse } from './pglite-wire';

const { serialize } = protocol;

/** Statements worth keeping prepared: the ones a request runs again and again. */
const REUSABLE = /^\s*(?:select|insert|update|delete|with)\b/i;
/** Prepared statements kept per database; past this the least recently used one is closed. */
const MAX_PREPARED = 256;
/** PostgreSQL's "cached plan must not change result type" (the schema changed under a prepared statement). */
const FEATURE_NOT_SUPPORTED = '0A000';

/**
 * Prepared statements belong to the database session, not to the pool: two pools over one PGlite (a migration
 * run, then the app, or a test helper wrapping the instance again) must never hand out the same name, or the
 * second PARSE fails with "prepared statement "k1" already exists". So the counter lives with the session.
 */
const statementCounters = new WeakMap<PGlite, { next: number }>();

function nextStatementName(pglite: PGlite): string {
  let counter = statementCounters.get(pglite);
  if (!counter) {
    counter = { next: 0 };
    statementCounters.set(pglite, counter);
  }
  return `k${++counter.next}`;
}

/**
 * Like autovacuum's analyze: statistics are refreshed once this many rows changed (and at least this share of
 * the database), at most once per interval. PGlite runs no autovacuum, so without this the planner would
 * plan every query of a grown database as if its tables were nearly empty.
 */
export interface AutoAnalyzeOptions {
  minChangedRows: number;
  changedShare: number;
  minIntervalMs: number;
}

const AUTO_ANALYZE: AutoAnalyzeOptions = { minChangedRows: 1000, changedShare: 0.1, minIntervalMs: 60_000 };

/**
 * Presents PGlite to Kysely's own PostgresDialect as a pool of exactly one connection.
 * PGlite runs a single backend, so a transaction would interleave with any other query sent meanwhile;
 * handing the connection out exclusively (FIFO) gives each transaction the isolation a real pool gives.
 * (kysely-pglite-dialect does the same but its peer range stops before the PGlite release we use.)
 *
 * Every query is one call into the database, and a statement the app runs again is prepared once. PGlite's
 * own `query()` makes six calls per query (parse, describe, bind, describe, execute, sync) and plans the
 * statement anew each time: per request, that was most of the API's time. Parameters go as text with their
 * types left to the server, exactly as node-postgres sends them to a real PostgreSQL, so the same SQL means
 * the same thing on both engines.
 */
export class PGlitePool implements PostgresPool {
  /** Whether the one connection is handed out; who waits for it, first come first served, by priority. */
  #busy = false;
  readonly #waiting: Array<() => void> = [];
  readonly #waitingInBackground: Array<() => void> = [];
  /** SQL text → name of its prepared statement, least recently used first. */
  readonly #prepared = new Map<string, string>();
  /** Evicted statements, closed with the next query. */
  #toClose: string[] = [];
  readonly #autoAnalyze: AutoAnalyzeOptions | null;
  #changedRows = 0;
  #analyzeAfter: number;
  #lastAnalyze = Date.now();
  #analyzeTimer: NodeJS.Timeout | undefined;
  #ended = false;

  readonly #onEnd: (() => void) | undefined;

  constructor(
    private readonly pglite: PGlite,
    options: {
      autoAnalyze?: Partial<AutoAnalyzeOptions> | false;
      /** Called once the database is closed (the embedded database's lock is released then). */
      onEnd?: () => void;
    } = {},
  ) {
    this.#autoAnalyze = options.autoAnalyze === false ? null : { ...AUTO_ANALYZE, ...options.autoAnalyze };
    this.#analyzeAfter = this.#autoAnalyze?.minChangedRows ?? Number.POSITIVE_INFINITY;
    this.#onEnd = options.onEnd;
  }

  /**
   * The connection, once every caller before it has released it; a caller inside `Background.run` (a search)
   * also waits for every other caller that came after it, so the database's one thread goes to sends first.
   */
  connect(): Promise<PostgresPoolClient> {
    return this.#acquire(isInBackground());
  }

  async #acquire(inBackground: boolean): Promise<PostgresPoolClient> {
    if (this.#busy) {
      const queue = inBackground ? this.#waitingInBackground : this.#waiting;
      await new Promise<void>((resolve) => queue.push(resolve));
    }
    this.#busy = true;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift() ?? this.#waitingInBackground.shift();
      // Handed straight to the next caller: nobody arriving meanwhile can take it first.
      if (next) next();
      else this.#busy = false;
    };
    const query = <R>(sql: string, parameters: ReadonlyArray<unknown>) => this.#query<R>(sql, parameters);
    return { query: query as PostgresPoolClient['query'], release };
  }

  async end(): Promise<void> {
    this.#ended = true;
    clearTimeout(this.#analyzeTimer);
    // Last in line: whatever was waiting runs first.
    (await this.#acquire(true)).release();
    try {
      await this.pglite.close();
    } finally {
      this.#onEnd?.();
    }
  }

  async #query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    const values = parameters.map(toParam);
    if (values.includes(undefined)) return this.#queryByPGlite<R>(sql, parameters);

    const reusable = REUSABLE.test(sql);
    let name = reusable ? this.#prepared.get(sql) : undefined;
    const parts: Uint8Array[] = this.#toClose.map((statement) =>
      serialize.close({ type: 'S', name: statement }),
    );
    this.#toClose = [];
    const parsing = name === undefined;
    if (parsing) {
      name = reusable ? nextStatementName(this.pglite) : '';
      parts.push(serialize.parse({ text: sql, name }));
    } else {
      // Most recently used last.
      this.#prepared.delete(sql);
      this.#prepared.set(sql, name as string);
    }
    parts.push(
      serialize.bind({ statement: name, values: values as Param[] }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    const chunks: Buffer[] = [];
    await this.pglite.execProtocolRawStream(concat(parts), {
      // A view into the database's memory, reused by the next call: copy it.
      onRawData: (bytes) => chunks.push(Buffer.from(bytes)),
    });
    const response = readResponse(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    if (response.parsed && reusable) this.#remember(sql, name as string);
    if (response.error) {
      // A statement whose tables changed shape since it was prepared is prepared again next time.
      if (!parsing && response.error.code === FEATURE_NOT_SUPPORTED) this.#forget(sql);
      throw response.error;
    }

    const { fields } = response;
    const rows = response.rows.map((cells) => {
      const row: Record<string, unknown> = {};
      fields.forEach((field, i) => {
        row[field.name] = types.parseType(cells[i] ?? null, field.dataTypeID, this.pglite.parsers);
      });
      return row;
    });
    // "SELECT 2", "INSERT 0 5", "UPDATE 3"; tags without a count end in a word ("CREATE TABLE").
    const tag = response.tag?.split(' ') ?? [];
    const command = tag[0] ?? 'SELECT';
    const count = Number.parseInt(tag.at(-1) ?? '', 10);
    const rowCount = Number.isNaN(count) ? undefined : count;
    this.#countChanges(command, rowCount ?? 0);
    return {
      // Kysely reads the tag only to report affected rows for INSERT/UPDATE/DELETE/MERGE.
      command: command as PostgresQueryResult<R>['command'],
      rowCount: rowCount ?? rows.length,
      rows: rows as R[],
    };
  }

  /** Parameters this adapter does not serialise itself (arrays, objects) go through PGlite's typed path. */
  async #queryByPGlite<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    const result = await this.pglite.query<R>(sql, [...parameters]);
    this.#countChanges(result.command ?? 'SELECT', result.affectedRows ?? 0);
    return {
      command: (result.command ?? 'SELECT') as PostgresQueryResult<R>['command'],
      rowCount: result.affectedRows ?? result.rows.length,
      rows: result.rows,
    };
  }

  #remember(sql: string, name: string): void {
    this.#prepared.set(sql, name);
    if (this.#prepared.size <= MAX_PREPARED) return;
    const [oldest, oldestName] = this.#prepared.entries().next().value as [string, string];
    this.#prepared.delete(oldest);
    this.#toClose.push(oldestName);
  }

  #forget(sql: string): void {
    const name = this.#prepared.get(sql);
    if (name === undefined) return;
    this.#prepared.delete(sql);
    this.#toClose.push(name);
  }

  #countChanges(command: string, rows: number): void {
    if (command === 'ANALYZE') this.#changedRows = 0;
    if (!this.#autoAnalyze || !['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'].includes(command)) return;
    this.#changedRows += rows;
    if (this.#changedRows < this.#analyzeAfter || this.#analyzeTimer || this.#ended) return;
    const wait = Math.max(0, this.#lastAnalyze + this.#autoAnalyze.minIntervalMs - Date.now());
    this.#analyzeTimer = setTimeout(() => void this.#analyze(), wait);
    this.#analyzeTimer.unref();
  }

  async #analyze(): Promise<void> {
    const options = this.#autoAnalyze as AutoAnalyzeOptions;
    const client = await this.connect();
    let notDue = false;
    try {
      if (this.#ended) return;
      // The app's own tables: the catalogs would double the time the database is busy with this.
      const { rows } = await client.query<{ name: string; tuples: number }>(
        `SELECT quote_ident(relname) AS name, reltuples::float8 AS tuples FROM pg_class
         WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace`,
        [],
      );
      const tuples = rows.reduce((sum, table) => sum + Math.max(0, table.tuples), 0);
      // A process that opened a large database learns its size here, the first time: the statistics it
      // found are as good as autovacuum would keep them, and gathering them again holds every request up
      // (a second with 1,000,000 messages).
      notDue = this.#changedRows < options.changedShare * tuples;
      if (!notDue && rows.length > 0)
        await client.query(`ANALYZE ${rows.map((table) => table.name).join(', ')}`, []);
      this.#analyzeAfter = Math.max(options.minChangedRows, options.changedShare * tuples);
    } catch {
      // Statistics are an optimisation: the next batch of changes tries again.
    } finally {
      if (!notDue) {
        this.#changedRows = 0;
        this.#lastAnalyze = Date.now();
      }
      this.#analyzeTimer = undefined;
      client.release();
    }
  }
}
