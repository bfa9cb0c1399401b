import { type Config, loadConfig, loadEnvFile } from '../config';

/** The API's configuration as a command sees it: its variables, api/.env beneath them, and no demo users seeded. */
export function cliConfig(): Config {
  loadEnvFile();
  return loadConfig({ ...process.env, SEED_DEMO_USERS: 'false' });
}

/** Runs a command's `main` and exits with its code; an error ends it with its message and code 1. */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
