// `pnpm --filter @chat/<remote> check:deploy --shell <url>`: may this remote's build be deployed next to the
// shell deployed at <url> (its origin, manifest or /config.json)? Compares the remote's
// dist/federation-contract.json with the shell's: yes (exit 0), or no with each missing export named (exit 1).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  contractProblems,
  describeProblems,
  FEDERATION_CONTRACT_FILE,
  type FederationContract,
} from '@chat/shared/federation-contract';

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

const shellUrl = new URL(FEDERATION_CONTRACT_FILE, values.shell).href;
const response = await fetch(shellUrl).catch((error: Error) => error);
if (response instanceof Error || !response.ok) {
  const reason = response instanceof Error ? response.message : `answered ${response.status}`;
  console.error(`no: the shell's contract ${shellUrl} ${reason} (a shell built before contracts existed?)`);
  process.exit(1);
}
const shell = (await response.json()) as FederationContract;

const built = (contract: FederationContract) =>
  `${contract.commit?.slice(0, 7) ?? 'unknown commit'}, ${contract.builtAt}`;
console.log(`${remote.app} (${built(remote)}) with the shell at ${values.shell} (${built(shell)})`);
const problems = contractProblems(shell, remote);
if (problems.length === 0) {
  console.log('yes: the shell provides everything this remote takes from the shared packages');
  process.exit(0);
}
console.log('no: the shell does not provide what this remote needs:');
for (const line of describeProblems(problems)) console.log(`  ${line}`);
console.log('Deploy a shell built from this commit (or later) first, or keep the remote deployed now.');
process.exit(1);
