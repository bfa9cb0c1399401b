import { spawn } from 'node:child_process';

/**
 * pg_dump and pg_restore from PostgreSQL's client tools (Debian: postgresql-client), at least the server's
 * major version. The password goes through the environment, not the command line any user can list.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.href, env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${command} was not found: install PostgreSQL's client tools (Debian: postgresql-client).`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** A consistent snapshot (one transaction) of the whole database, taken while the API goes on writing. */
export function pgDump(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  return run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${dbname}`], env);
}

/**
 * Into an empty database, or over the app's own tables (`--clean`: each object of the dump is dropped first,
 * if it exists). One transaction: a restore that fails leaves the database as it was. Ownership and grants
 * are the restoring user's, so a dump restores on another server under another role.
 */
export function pgRestore(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  return run(
    'pg_restore',
    [
      '--single-transaction',
      '--exit-on-error',
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-acl',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
}
