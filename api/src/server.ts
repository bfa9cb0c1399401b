import { buildApp } from './app';
import { ConfigError, loadConfig, loadEnvFile } from './config';
import { PGliteBusyError } from './db/pglite-lock';

loadEnvFile();

/** How long a stopping process may take to finish its requests in flight. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);

  // A deploy's stop: the listener closes at once (a balancer's next connection is refused and goes to another
  // process), the requests in flight are answered, idle keep-alive connections are closed, then the websocket
  // server and the database; whatever is still running after SHUTDOWN_GRACE_MS ends with the process.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing the requests in flight');
    // A second signal, or a hung close, must still end the process.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (app.realtime) {
    const port = await app.realtime.listen(config.broadcast.serverPort, config.broadcast.serverHost);
    app.log.info(
      `Pusher-protocol websocket server on ws://${config.broadcast.serverHost}:${port}/app/${config.broadcast.key}`,
    );
  }
  if (config.seedDemoUsers)
    app.log.info('Demo users demo, alice and bob can sign in with password "password"');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof PGliteBusyError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
