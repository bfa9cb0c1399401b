import { Button } from 'antd';
import type { NotificationAccess } from './notification-permission';

/** Offered only while the browser has not been asked yet; the click is what asks. */
export function EnableNotificationsButton({
  access,
  request,
}: {
  access: NotificationAccess;
  request: () => Promise<void>;
}) {
  if (access !== 'default') return null;
  return <Button onClick={() => void request()}>Enable notifications</Button>;
}
