import type { EchoLoader, RemoteModuleId } from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { loadRemoteModule } from './remotes';

/** A remote module lives in the query cache, so preloading on intent and mounting share one fetch. */
export const remoteModuleQuery = (id: RemoteModuleId, echo: EchoLoader) =>
  queryOptions({
    queryKey: ['remote-module', id],
    queryFn: () => loadRemoteModule(id, echo),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
