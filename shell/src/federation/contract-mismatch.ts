import { type RemoteModuleId, remoteOf } from '@chat/shared';
import { entryOf } from './remote-entries';

async function contractAt(url: string) {
  const response = await fetch(url, { cache: 'no-store' }).catch(() => null);
  return response?.ok ? response.json() : null;
}

/**
 * Why a remote that failed cannot run in this shell, if that is the reason: what its build needs from the
 * shared packages that this shell's build does not provide (both publish federation-contract.json). Asked
 * only after a failure, so a working page never pays for it; empty when the contracts fit or are missing.
 */
export async function contractMismatch(id: RemoteModuleId): Promise<string[]> {
  const { FEDERATION_CONTRACT_FILE, contractProblems, describeProblems } = await import(
    '@chat/shared/federation-contract'
  );
  const [shell, remote] = await Promise.all([
    contractAt(`/${FEDERATION_CONTRACT_FILE}`),
    contractAt(new URL(FEDERATION_CONTRACT_FILE, entryOf(remoteOf(id))).href),
  ]);
  return shell && remote ? describeProblems(contractProblems(shell, remote)) : [];
}
