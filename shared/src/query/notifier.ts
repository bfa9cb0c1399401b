import type { NotificationArgsProps } from 'antd';

type NotifyArgs = NotificationArgsProps;
export interface NotificationApi {
  open(args: NotifyArgs): void;
}

/**
 * Lets code outside React (the query cache) reach antd's context-aware notification API,
 * which only exists once `<App>` has rendered.
 */
export interface Notifier extends NotificationApi {
  bind(api: NotificationApi): void;
}

export function createNotifier(): Notifier {
  let api: NotificationApi | undefined;
  const queued: NotifyArgs[] = [];
  return {
    bind(next) {
      api = next;
      for (const args of queued.splice(0)) api.open(args);
    },
    open(args) {
      if (api) api.open(args);
      else queued.push(args);
    },
  };
}
