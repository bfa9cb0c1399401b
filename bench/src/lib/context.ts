import type { Browser } from '@playwright/test';
import { ApiClient, type ApiServer, startApi } from './api';
import { launchBrowser } from './browser';
import { type Builds, buildAll } from './builds';
import { type Ports, portsFor } from './ports';
import { throwawaySchema } from './postgres';
import { serveFederated, serveMonolith, type WebStack } from './web';

/**
 * What benchmarks need, started on first use and shared by the benchmarks of one run: builds, the API on
 * a throwaway database, the two front-end deployments, one browser. `close` stops all of it.
 */
export class BenchContext {
  readonly ports: Ports;
  readonly #started: Array<() => Promise<void>> = [];
  readonly #pending = new Map<string, Promise<unknown>>();

  constructor(
    readonly smoke: boolean,
    readonly log: (line: string) => void,
  ) {
    this.ports = portsFor(smoke);
  }

  #once<T>(key: string, start: () => Promise<T>, stop?: (value: T) => Promise<void>): Promise<T> {
    let pending = this.#pending.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = start().then((value) => {
        if (stop) this.#started.push(() => stop(value));
        return value;
      });
      this.#pending.set(key, pending);
    }
    return pending;
  }

  builds(): Promise<Builds> {
    return this.#once('builds', () =>
      buildAll({ reuseDist: this.smoke, reuseCache: process.env.BENCH_REUSE_BUILDS === '1', log: this.log }),
    );
  }

  api(): Promise<ApiServer> {
    return this.#once(
      'api',
      () => {
        this.log('starting the API');
        return startApi(this.ports);
      },
      (api) => api.stop(),
    );
  }

  /** An API of its own, fresh, for the caller to stop. */
  isolatedApi(): Promise<ApiServer> {
    this.log('starting a second, fresh API');
    return startApi(this.ports, { slot: 'isolated' });
  }

  /**
   * With BENCH_DATABASE_URL, the API on that PostgreSQL, in a schema of its own dropped at the end; else null.
   * PGlite runs the embedded database in the API's own thread; the API targets assume a real server.
   */
  postgresApi(): Promise<ApiServer | null> {
    const url = process.env.BENCH_DATABASE_URL;
    if (!url) return Promise.resolve(null);
    return this.#once(
      'postgres-api',
      async () => {
        this.log('starting the API on PostgreSQL (BENCH_DATABASE_URL)');
        const schema = await throwawaySchema(url);
        try {
          const api = await startApi(this.ports, { slot: 'postgres', databaseUrl: schema.url });
          return { ...api, stop: () => api.stop().finally(() => schema.drop()) };
        } catch (error) {
          await schema.drop();
          throw error;
        }
      },
      (api) => (api ? api.stop() : Promise.resolve()),
    );
  }

  async client(api?: ApiServer): Promise<ApiClient> {
    return new ApiClient(api ?? (await this.api()));
  }

  federated(): Promise<WebStack> {
    return this.#once(
      'federated',
      async () => serveFederated((await this.builds()).federated, this.ports),
      (stack) => stack.stop(),
    );
  }

  monolith(): Promise<WebStack> {
    return this.#once(
      'monolith',
      async () => serveMonolith((await this.builds()).monolith, this.ports),
      (stack) => stack.stop(),
    );
  }

  browser(): Promise<Browser> {
    return this.#once('browser', launchBrowser, (browser) => browser.close());
  }

  async close(): Promise<void> {
    for (const stop of this.#started.reverse())
      await stop().catch((error: unknown) => this.log(String(error)));
  }
}
