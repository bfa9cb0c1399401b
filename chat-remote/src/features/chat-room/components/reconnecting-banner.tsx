import { Alert } from 'antd';
import { useConnectionStatus } from '../hooks/use-connection-status';
import { useDelayedFlag } from '../hooks/use-delayed-flag';

/** A first connect takes a moment; only a connection that stays down is worth a banner. */
const GRACE_MS = 800;

/**
 * While the websocket is down, says so; what is sent meanwhile is fetched once it is back. It lies over the
 * top of what follows it (the feed), from a box of no height of its own: the feed does not move, and what
 * stands above (the search field) stays uncovered.
 */
export function ReconnectingBanner() {
  const down = useDelayedFlag(useConnectionStatus() !== 'connected', GRACE_MS);
  if (!down) return null;
  return (
    <div style={{ position: 'relative' }}>
      <Alert
        banner
        type="warning"
        title="Reconnecting…"
        description="Live updates are paused. Messages sent meanwhile will appear once the connection is back."
        style={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3 }}
      />
    </div>
  );
}
