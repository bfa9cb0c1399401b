import { useEffect, useState } from 'react';
import type { EchoClient, EchoLoader } from './create-echo-loader';
import { reconnectSchedule } from './reconnect-schedule';

/** What a shell hands its remotes as `services.echo`: today's loader, or the plain factory of a shell built before it (release-2 and earlier). */
export type EchoSource = EchoLoader | (() => EchoClient);

function loaderOf(echo: EchoSource): Pick<EchoLoader, 'loaded' | 'load'> {
  return 'load' in echo ? echo : { loaded: echo, load: async () => echo() };
}

/**
 * The page's Echo client from `useServices().echo`, or undefined while its code downloads (once per page,
 * for the first screen that asks). Effects that listen take it as a dependency and start once it is there;
 * until then the connection counts as 'connecting'. A failed download is tried again at the reconnect
 * schedule's longest wait.
 *
 * Bundled into each remote from `@chat/shared/use-echo`, not taken from the shell's shared copy, so a remote
 * runs in a shell deployed before it: one whose `echo` is a plain factory, or one that has no such hook.
 * It is handed `echo` rather than reading the services context, which only the shared copy may hold.
 */
export function useEcho(echo: EchoSource): EchoClient | undefined {
  const loader = loaderOf(echo);
  const [client, setClient] = useState(loader.loaded);
  useEffect(() => {
    if (client) return;
    const { load } = loaderOf(echo);
    let mounted = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      load().then(
        (loaded) => mounted && setClient(loaded),
        () => {
          if (mounted) retry = setTimeout(attempt, reconnectSchedule.maxMs);
        },
      );
    };
    attempt();
    return () => {
      mounted = false;
      clearTimeout(retry);
    };
  }, [echo, client]);
  return client;
}
