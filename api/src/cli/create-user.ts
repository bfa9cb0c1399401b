import { createInterface } from 'node:readline/promises';
import { loadEnvFile } from '../config';
import { createDatabase } from '../db/create-database';
import { migrateToLatest } from '../db/migrate';
import { createAccount, parseCreateUserArgs, passwordProblem, USAGE } from './create-account';
import { cliConfig, runCli } from './run-cli';

async function readPassword(): Promise<string> {
  if (process.env.USER_PASSWORD) return process.env.USER_PASSWORD;
  const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  const password = await prompt.question('Password: ');
  prompt.close();
  return password;
}

/** `pnpm user:create`: creates a sign-in account for a real deployment (where demo users are not seeded). */
async function main(): Promise<number> {
  const args = parseCreateUserArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  // USER_PASSWORD may come from api/.env.
  loadEnvFile();
  const password = args.password ?? (await readPassword());
  // Said before the database is opened (which, embedded, can take a while the first time).
  const problem = passwordProblem(password);
  if (problem) {
    console.error(problem);
    return 1;
  }
  const config = cliConfig();
  const { db } = await createDatabase(config.database);
  try {
    await migrateToLatest(db);
    const result = await createAccount(db, args.username, password, { admin: args.admin });
    if (typeof result === 'string') {
      console.error(result);
      return 1;
    }
    console.log(JSON.stringify(result));
    return 0;
  } finally {
    await db.destroy();
  }
}

runCli(main);
