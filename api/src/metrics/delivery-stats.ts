import { AsyncLocalStorage } from 'node:async_hooks';
import type { KyselyPlugin } from 'kysely';

/** Where a statement counts when no route handler ran it: start-up, migrations, a test's own queries. */
export const OUTSIDE_ROUTES = '(outside a route)';
/** The read a client makes when a live event did not bring the message with it. */
export const MESSAGE_READ_ROUTE = 'GET /api/chatrooms/:id/messages';

export interface DeliveryStatsSnapshot {
  /** Room events (each carrying its message) written to subscribed sockets; the embedded server only. */
  deliveries: number;
  /** Statements the database answered, in all. */
  statements: number;
  /** The same, by the route handler that ran them (`METHOD /url pattern`). */
  statements_by_route: Record<string, number>;
  /** Statements spent reading messages (MESSAGE_READ_ROUTE) per delivery; null before the first delivery. */
  read_statements_per_delivery: number | null;
}

/**
 * What one message costs the database once it is sent: every statement counted (through a Kysely plugin) and
 * attributed to the route handler that ran it, beside the number of deliveries the websocket made. With the
 * message in its event, readers read nothing: the reads per delivery stay at 0 however many readers there are.
 */
export class DeliveryStats {
  #deliveries = 0;
  #statements = 0;
  readonly #byRoute = new Map<string, number>();
  readonly #route = new AsyncLocalStorage<string>();

  /** Counts each statement once, when its result arrives (subqueries compile separately, results do not). */
  readonly statementCounter: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => {
      this.#statements++;
      const route = this.#route.getStore() ?? OUTSIDE_ROUTES;
      this.#byRoute.set(route, (this.#byRoute.get(route) ?? 0) + 1);
      return result;
    },
  };

  /** Runs a route handler so that the statements it causes count under `route`. */
  inRoute<T>(route: string, run: () => T): T {
    return this.#route.run(route, run);
  }

  delivered(sockets: number): void {
    this.#deliveries += sockets;
  }

  snapshot(): DeliveryStatsSnapshot {
    const reads = this.#byRoute.get(MESSAGE_READ_ROUTE) ?? 0;
    return {
      deliveries: this.#deliveries,
      statements: this.#statements,
      statements_by_route: Object.fromEntries(this.#byRoute),
      read_statements_per_delivery: this.#deliveries ? reads / this.#deliveries : null,
    };
  }
}
