import { type EchoLoader, type RemoteModuleId, remoteOf } from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { entryOf } from './remote-entries';
import { loadRemoteModule } from './remotes';

/**
 * A remote module lives in the query cache, so preloading on intent and mounting share one fetch. Keyed by the
 * manifest it comes from (`entry`, the current one unless said): another address is another module.
 */
export const remoteModuleQuery = (id: RemoteModuleId, echo: EchoLoader, entry = entryOf(remoteOf(id))) =>
  queryOptions({
    queryKey: ['remote-module', id, entry],
    queryFn: () => loadRemoteModule(id, echo),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
