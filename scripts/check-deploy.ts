// `pnpm --filter @chat/<remote> check:deploy --shell <url>`: may this remote's build be deployed next to the
// shell deployed at <url> (its origin, manifest or /config.json)? Compares the remote's
// dist/federation-contract.json with the shell's: yes (exit 0), or no with each missing export named (exit 1).
// The canary (`pnpm canary start`) asks the same question of a canary's manifest through the exports below.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  contractProblems,
  describeProblems,
  FEDERATION_CONTRACT_FILE,
  type FederationContract,
} from '@chat/shared/federation-contract';

/** The contract published beside `near` (an app's origin, manifest or /config.json); throws saying why not. */
export async function fetchContract(
  near: string,
  fetchImpl: typeof fetch = fetch,
): Promise<FederationContract> {
  const url = new URL(FEDERATION_CONTRACT_FILE, near).href;
  const response = await fetchImpl(url, { cache: 'no-store' }).catch((error: Error) => error);
  if (response instanceof Error || !response.ok) {
    const reason = response instanceof Error ? response.message : `answered ${response.status}`;
    throw new Error(`the contract ${url} ${reason} (a build from before contracts existed?)`);
  }
  return (await response.json()) as FederationContract;
}

/** Why `shell` cannot serve `remote`, a line per problem; empty when it can. */
export const deployRefusals = (shell: FederationContract, remote: FederationContract): string[] =>
  describeProblems(contractProblems(shell, remote));

async function main(): Promise<never> {
  const { values, positionals } = parseArgs({
    options: { shell: { type: 'string' } },
    allowPositionals: true,
  });
  if (!values.shell) {
    console.error(
      'usage: check-deploy [remote dir] --shell <url of the deployed shell, its manifest or config>',
    );
    process.exit(2);
  }

  const remoteDir = resolve(positionals[0] ?? process.cwd());
  const remoteFile = join(remoteDir, 'dist', FEDERATION_CONTRACT_FILE);
  let remote: FederationContract;
  try {
    remote = JSON.parse(readFileSync(remoteFile, 'utf8')) as FederationContract;
  } catch {
    console.error(`${remoteFile} is missing: build the remote first`);
    process.exit(2);
  }

  let shell: FederationContract;
  try {
    shell = await fetchContract(values.shell);
  } catch (error) {
    console.error(`no: the shell's ${(error as Error).message.replace(/^the /, '')}`);
    process.exit(1);
  }

  const built = (contract: FederationContract) =>
    `${contract.commit?.slice(0, 7) ?? 'unknown commit'}, ${contract.builtAt}`;
  console.log(`${remote.app} (${built(remote)}) with the shell at ${values.shell} (${built(shell)})`);
  const problems = deployRefusals(shell, remote);
  if (problems.length === 0) {
    console.log('yes: the shell provides everything this remote takes from the shared packages');
    process.exit(0);
  }
  console.log('no: the shell does not provide what this remote needs:');
  for (const line of problems) console.log(`  ${line}`);
  console.log('Deploy a shell built from this commit (or later) first, or keep the remote deployed now.');
  process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
