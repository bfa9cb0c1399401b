import type { Browser } from '@playwright/test';
import { ApiClient, type ApiServer, startApi } from './api';
import { launchBrowser } from './browser';
import { type Builds, buildAll } from './builds';
import { type Ports, portsFor } from './ports';
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
    return this.#once('builds', () => buildAll({ reuseDist: this.smoke, log: this.log }));
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
    return startApi(this.ports, { isolated: true });
  }

  async client(): Promise<ApiClient> {
    return new ApiClient(await this.api());
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
