import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DeliveryStats } from './delivery-stats';

/** What a database pool reports: node-postgres's `pg.Pool` has these. */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** What the embedded websocket server reports (RealtimeServer). */
export interface SocketCounts {
  connectionCount: number;
  subscriptionCount: number;
}

/** Sub-millisecond answers are common (cached reads, the embedded publisher), so the buckets start there. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;

/**
 * CPU, memory, handles, GC and event-loop lag belong to the process, not to an app: collected once, into a
 * registry of their own, whichever app asks first. Collecting them per app would start another event-loop
 * monitor and GC observer for every app a test process builds, none of which can be stopped.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * One app's Prometheus metrics, in a registry of its own (never prom-client's global one), so apps built side
 * by side in one process (tests) count apart. `GET /metrics` answers `text()`.
 */
export class ApiMetrics {
  readonly #registry = new Registry();
  /** Started with the first app, so event-loop lag is measured from then on, not from the first scrape. */
  readonly #process = processMetrics();

  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.#registry],
  });

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.#registry],
  });

  readonly messagesSent = new Counter({
    name: 'chat_messages_sent_total',
    help: 'Messages stored by POST chatrooms/{id}/messages (a repeated client_msg_id is not counted again).',
    registers: [this.#registry],
  });

  readonly publishDuration = new Histogram({
    name: 'chat_publish_duration_seconds',
    help: 'Time to hand one publish (an event or a batch) to the websocket server, failures included.',
    buckets: LATENCY_BUCKETS,
    registers: [this.#registry],
  });

  readonly publishFailures = new Counter({
    name: 'chat_publish_failures_total',
    help: 'Publishes the websocket server did not take; the change stands, clients catch up on their next read.',
    registers: [this.#registry],
  });

  constructor(deliveryStats: DeliveryStats) {
    // DeliveryStats already counts every statement (its Kysely plugin) and every delivery: these read it.
    new Counter({
      name: 'chat_db_statements_total',
      help: 'Statements the database answered, by the route handler that ran them.',
      labelNames: ['route'] as const,
      registers: [this.#registry],
      collect() {
        this.reset();
        for (const [route, count] of Object.entries(deliveryStats.snapshot().statements_by_route))
          this.inc({ route }, count);
      },
    });
    new Counter({
      name: 'chat_websocket_deliveries_total',
      help: 'Room events written to subscribed sockets by the embedded websocket server.',
      registers: [this.#registry],
      collect() {
        this.reset();
        this.inc(deliveryStats.snapshot().deliveries);
      },
    });
  }

  /** The embedded websocket server's open sockets and channel subscriptions, read at each scrape. */
  watchSockets(server: SocketCounts): void {
    new Gauge({
      name: 'chat_websocket_connections',
      help: 'Open sockets on the embedded websocket server.',
      registers: [this.#registry],
      collect() {
        this.set(server.connectionCount);
      },
    });
    new Gauge({
      name: 'chat_websocket_subscriptions',
      help: 'Channel subscriptions on the embedded websocket server (a socket counts once per channel).',
      registers: [this.#registry],
      collect() {
        this.set(server.subscriptionCount);
      },
    });
  }

  /** The PostgreSQL pool's connections (open, idle) and the queries waiting for one, read at each scrape. */
  watchPool(pool: PoolCounts): void {
    new Gauge({
      name: 'chat_db_pool_connections',
      help: 'Connections of the PostgreSQL pool: state="total" open, state="idle" of those unused.',
      labelNames: ['state'] as const,
      registers: [this.#registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'chat_db_pool_waiting',
      help: 'Queries waiting for a connection of the PostgreSQL pool.',
      registers: [this.#registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  get contentType(): string {
    return this.#registry.contentType;
  }

  /** Every metric in the Prometheus text format: the process's, then this app's. */
  text(): Promise<string> {
    return Registry.merge([this.#process, this.#registry]).metrics();
  }
}
