/**
 * Loopback ports of one run, clear of the dev stack (3000-3003, 8000, 8080) and of the e2e runs (4000-4511). The smoke run uses its own
 * block so it can run (from `pnpm test`) while a full bench is going; BENCH_PORT_BASE moves the block (for a
 * run beside another).
 */
export function portsFor(smoke: boolean) {
  const base = Number(process.env.BENCH_PORT_BASE) || (smoke ? 7500 : 7000);
  return {
    federated: { shell: base, 'auth-remote': base + 1, 'rooms-remote': base + 2, 'chat-remote': base + 3 },
    monolith: base + 100,
    api: base + 300,
    websocket: base + 380,
    /** A second API for readings that must not inherit the first one's history (memory). */
    isolatedApi: base + 301,
    isolatedWebsocket: base + 381,
    /** The API on PostgreSQL (BENCH_DATABASE_URL), next to the embedded one. */
    postgresApi: base + 302,
    postgresWebsocket: base + 382,
    /** The scaled topology's pieces (scripts/scale): API processes behind a balancer, Soketi nodes, Redis. */
    scale: {
      api: base + 310,
      apiProcesses: [base + 311, base + 312],
      singleApi: base + 313,
      soketiNodes: [
        { port: base + 390, metricsPort: base + 392 },
        { port: base + 391, metricsPort: base + 393 },
      ],
      soketiDiscoveryPort: base + 394,
      redis: base + 395,
      control: base + 396,
      /** The rest of nginx's public ports: its configuration has them all, the bench goes through its API. */
      nginx: {
        frontEnds: {
          shell: base + 320,
          'auth-remote': base + 321,
          'rooms-remote': base + 322,
          'chat-remote': base + 323,
        },
        websocket: base + 324,
        shellServer: base + 325,
      },
    },
  } as const;
}

export type Ports = ReturnType<typeof portsFor>;

/** Where further front-end deployments of one run sit (`shiftedPorts`): the API admits each as an origin. */
export const deploymentOffsets = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90];
