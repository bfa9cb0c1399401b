import {
  type RemoteModuleExports,
  type RemoteModuleId,
  type RemoteModules,
  remoteOf,
  timings,
  useServices,
} from '@chat/shared';
import { leverOn } from '@chat/shared/perf-levers';
import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, type ComponentType, type ReactNode, useDeferredValue } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useSpinDelay } from 'spin-delay';
import { PendingView } from '../app/pending-view';
import { releaseFirstScreen } from '../first-screen/hold-first-screen';
import { healthReport } from '../health/health-report';
import { useRemoteEntry } from './remote-entries';
import { RemoteFailed } from './remote-failed';
import { isNotExposed, RemoteLoadError } from './remote-load-error';
import { remoteModuleQuery } from './remote-module-query';
import { resetRemote } from './remotes';

interface RemoteSlotProps<Id extends RemoteModuleId> {
  id: Id;
  /** Names the part of the page in the fallback, e.g. "room list". */
  label: string;
  props: ComponentProps<RemoteModules[Id]>;
  /** What the module must say it can do (an export flag); a build without it shows `unsupported` instead. */
  requires?: Exclude<keyof RemoteModuleExports<Id>, 'default' | 'echoOnDemand'>;
  unsupported?: ReactNode;
  /** A narrow place (a side panel): the fallback is a one-line alert, not a full result page. */
  compact?: boolean;
  /** A part of the page older releases of the remote lack: nothing is shown when the remote has no such module. */
  optional?: boolean;
}

function RemoteModule<Id extends RemoteModuleId>({
  id,
  props,
  requires,
  unsupported,
  entry,
}: Omit<RemoteSlotProps<Id>, 'label' | 'compact'> & { entry: string }) {
  const { data: module, isPending, error } = useQuery(remoteModuleQuery(id, useServices().echo, entry));
  const loaded = module?.default;
  // A query's answer renders at once, in one task: the remote's whole first screen. Deferred, React renders it
  // in slices that let the browser paint and answer input between them (the `yielding-render` lever).
  const deferred = useDeferredValue(loaded);
  const Component = leverOn('yielding-render') ? deferred : loaded;
  // Quick loads never flash a spinner; slow ones show it long enough to be read.
  const showPending = useSpinDelay(isPending, {
    delay: timings.pendingDelay,
    minDuration: timings.pendingMinDuration,
    // The default (for server rendering) shows the spinner at once on mount and holds it for minDuration:
    // every first visit to a screen waited 500 ms for nothing.
    ssr: false,
  });
  if (error) throw error;
  if (showPending) return <PendingView />;
  // A deferred Component can lag one render behind a module loaded from another address (a swap): the old
  // version's screen must not mount again.
  if (!Component || !module || Component !== module.default) return null;
  if (requires && !module[requires]) return unsupported ?? null;
  // The id ties Component to its props type; TypeScript cannot follow that through the generic.
  const Screen = Component as ComponentType<Record<string, unknown>>;
  return <Screen {...(props as Record<string, unknown>)} />;
}

/** Mounts one remote's module; if it cannot load or throws, only this slot shows a fallback with Retry. */
export function RemoteSlot<Id extends RemoteModuleId>({
  id,
  label,
  compact,
  optional,
  ...rest
}: RemoteSlotProps<Id>) {
  const { queryClient, echo } = useServices();
  // Another address (a canary rolled back or promoted) is another module: the slot remounts with it.
  const entry = useRemoteEntry(remoteOf(id));
  return (
    <ErrorBoundary
      resetKeys={[id, entry]}
      fallbackRender={(fallback) =>
        optional && isNotExposed(fallback.error) ? null : (
          <RemoteFailed id={id} label={label} compact={compact} {...fallback} />
        )
      }
      onError={(error) => {
        // What the slot shows of its failure must be seen, not stay under the server's drawing.
        releaseFirstScreen();
        // A failed load was counted as one where it happened (./remotes.ts); a missing optional part is none.
        if (!(error instanceof RemoteLoadError) && !isNotExposed(error))
          healthReport.error(remoteOf(id), 'render');
      }}
      onReset={() => {
        resetRemote(id);
        queryClient.removeQueries({ queryKey: remoteModuleQuery(id, echo, entry).queryKey });
      }}
    >
      <RemoteModule id={id} entry={entry} {...rest} />
    </ErrorBoundary>
  );
}
