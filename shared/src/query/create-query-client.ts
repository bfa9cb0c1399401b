import { MutationCache, QueryClient } from '@tanstack/react-query';
import { timings } from '../constants';
import type { Notifier } from './notifier';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Shown while the mutation runs; the settle notification then replaces it in place. */
      loadingMessage?: string;
      /** Set for mutations whose outcome the screen itself shows. */
      silent?: boolean;
    };
  }
}

const NOTIFY_DURATION_S = 4.5;

function messageOf(result: unknown, fallback: string): string {
  if (
    result &&
    typeof result === 'object' &&
    'message' in result &&
    typeof result.message === 'string' &&
    result.message
  ) {
    return result.message;
  }
  return fallback;
}

/** Spec section 8: every settled mutation shows Success (green) or Error (red). */
export function createQueryClient(notifier: Notifier): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: timings.staleTime,
        gcTime: timings.gcTime,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          failures < 2 && !(error && typeof error === 'object' && 'status' in error && error.status !== null),
      },
    },
    mutationCache: new MutationCache({
      onMutate: (_variables, mutation) => {
        const loading = mutation.meta?.loadingMessage;
        if (loading) {
          notifier.open({
            key: `mutation-${mutation.mutationId}`,
            title: loading,
            duration: 0,
            type: 'info',
          });
        }
      },
      onSuccess: (data, _variables, _context, mutation) => {
        if (mutation.meta?.silent) return;
        notifier.open({
          key: `mutation-${mutation.mutationId}`,
          type: 'success',
          title: 'Success',
          description: messageOf(data, 'Mutation success'),
          duration: NOTIFY_DURATION_S,
        });
      },
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silent) return;
        notifier.open({
          key: `mutation-${mutation.mutationId}`,
          type: 'error',
          title: 'Error',
          description: messageOf(error, 'Mutation failed'),
          duration: NOTIFY_DURATION_S,
        });
      },
    }),
  });
}
