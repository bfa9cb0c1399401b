import { useCallback, useEffect, useState } from 'react';

/** The browser's notification permission, or 'unsupported' where there is no Notification API at all. */
export type NotificationAccess = NotificationPermission | 'unsupported';

export function notificationAccess(): NotificationAccess {
  return typeof window.Notification === 'function' ? window.Notification.permission : 'unsupported';
}

/**
 * The permission as it stands, and the one way this app asks for it: `request`, called from the user's
 * click on 'Enable notifications' (browsers refuse, or quietly deny, a prompt nobody asked for). A change
 * made in the browser's own settings arrives through the Permissions API where there is one.
 */
export function useNotificationPermission(): { access: NotificationAccess; request: () => Promise<void> } {
  const [access, setAccess] = useState(notificationAccess);

  useEffect(() => {
    if (access === 'unsupported' || !navigator.permissions?.query) return;
    let status: PermissionStatus | undefined;
    let live = true;
    const update = () => setAccess(notificationAccess());
    navigator.permissions.query({ name: 'notifications' }).then(
      (answer) => {
        if (!live) return;
        status = answer;
        status.addEventListener('change', update);
      },
      () => {},
    );
    return () => {
      live = false;
      status?.removeEventListener('change', update);
    };
  }, [access]);

  const request = useCallback(async () => {
    if (notificationAccess() === 'unsupported') return;
    try {
      setAccess(await window.Notification.requestPermission());
    } catch {
      setAccess(notificationAccess());
    }
  }, []);

  return { access, request };
}
