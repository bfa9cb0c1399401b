import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * The figures are meant for a 2-core machine. On a bigger one the run re-executes itself under
 * `taskset -c 0,1` (Linux), and every server it starts inherits that affinity. Returns true if it did,
 * in which case the caller exits with the child's status.
 */
export function reexecOnTwoCores(): number | null {
  if (availableParallelism() <= 2 || process.env.BENCH_PINNED || process.platform !== 'linux') return null;
  const probe = spawnSync('taskset', ['--version'], { stdio: 'ignore' });
  if (probe.error) return null;
  const child = spawnSync(
    'taskset',
    ['-c', '0,1', process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
      env: { ...process.env, BENCH_PINNED: '1' },
    },
  );
  return child.status ?? 1;
}
