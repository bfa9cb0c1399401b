import type { RemoteApp } from './releases';
import type { Stack } from './stack';

/**
 * The release tests' ports (6100–6199), clear of the e2e run's (:4xxx), `pnpm start`'s and the bench's, so
 * `pnpm test:skew` and the three remotes' pipelines run beside any of them and beside each other: the shell
 * on `base`, the remotes on the next three, the API on base + 8 and its websocket on base + 9.
 */
function stackFrom(base: number): Stack {
  return {
    shell: base,
    'auth-remote': base + 1,
    'rooms-remote': base + 2,
    'chat-remote': base + 3,
    api: base + 8,
    websocket: base + 9,
  };
}

/** `pnpm test:skew`: one pairing at a time on these ports, all against one API. */
export const skewStack = stackFrom(6100);

/** Where the rollback spec serves a remote's previous build, beside today's on the stack's port. */
export const rollbackPorts: Record<RemoteApp, number> = {
  'auth-remote': 6111,
  'rooms-remote': 6112,
  'chat-remote': 6113,
};

/** Each remote's `test:pipeline`, on ports of its own. */
export const pipelineStacks: Record<RemoteApp, Stack> = {
  'auth-remote': stackFrom(6130),
  'rooms-remote': stackFrom(6140),
  'chat-remote': stackFrom(6150),
};
