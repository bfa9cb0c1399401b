import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Presents PGlite to Kysely's own PostgresDialect as a pool of exactly one connection.
 * PGlite runs a single backend, so a transaction would interleave with any other query sent meanwhile;
 * handing the connection out exclusively (FIFO) gives each transaction the isolation a real pool gives.
 * (kysely-pglite-dialect does the same but its peer range stops before the PGlite release we use.)
 */
export class PGlitePool implements PostgresPool {
  #queue: Promise<void> = Promise.resolve();

  constructor(private readonly pglite: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const previous = this.#queue;
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    const query = async <R>(
      sql: string,
      parameters: ReadonlyArray<unknown>,
    ): Promise<PostgresQueryResult<R>> => {
      const result = await this.pglite.query<R>(sql, [...parameters]);
      return {
        // Kysely reads the tag only to report affected rows for INSERT/UPDATE/DELETE/MERGE.
        command: (result.command ?? 'SELECT') as PostgresQueryResult<R>['command'],
        rowCount: result.affectedRows ?? result.rows.length,
        rows: result.rows,
      };
    };
    return { query: query as PostgresPoolClient['query'], release };
  }

  async end(): Promise<void> {
    await this.#queue;
    await this.pglite.close();
  }
}
