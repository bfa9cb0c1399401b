import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../../scripts/release/releases';
import { type RemoteApp, treeOf, type Version } from './releases';

export interface DeployCheck {
  /** `yes`/`no` as check:deploy answered; `unchecked` when it could not judge (a build without a contract). */
  verdict: 'yes' | 'no' | 'unchecked';
  /** Its answer in one line, the missing exports named. */
  reason: string;
}

/** The answer in one line, led by its verdict. */
export const answerOf = ({ verdict, reason }: DeployCheck) =>
  reason.startsWith(`${verdict}:`) ? reason : `${verdict}: ${reason}`;

/** The lines that say why: check:deploy's `yes:`/`no:` line and what follows, else its last error line. */
function summary(output: string): string {
  const lines = output.split('\n').map((line) => line.trimEnd());
  const verdictAt = lines.findIndex((line) => /^(yes|no):/.test(line));
  if (verdictAt >= 0)
    return lines
      .slice(verdictAt)
      .filter((line) => line.trim() !== '' && !line.includes('ELIFECYCLE'))
      .map((line) => line.trim())
      .join(' ');
  const errors = lines.filter((line) => /^\w*Error\b|is missing|^no\b/.test(line.trim()));
  return (errors[0] ?? lines.filter(Boolean).at(-1) ?? 'no output').trim();
}

/**
 * `pnpm --filter @chat/<remote> check:deploy <that version's remote dir> --shell <url>`: may this build of the
 * remote go next to the shell served at `shellUrl`? (scripts/check-deploy.ts, README "Deploy rule").
 */
export function checkDeploy(remote: RemoteApp, version: Version, shellUrl: string): DeployCheck {
  const result = spawnSync(
    'pnpm',
    [
      '--silent',
      '--filter',
      `@chat/${remote}`,
      'check:deploy',
      join(treeOf(version), remote),
      '--shell',
      shellUrl,
    ],
    { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 },
  );
  const reason = summary(`${result.stdout}\n${result.stderr}`).replaceAll(repoRoot, '');
  if (result.status === 0) return { verdict: 'yes', reason };
  if (result.status === 1) return { verdict: 'no', reason };
  return { verdict: 'unchecked', reason };
}
