import { versionOf } from './app-versions';
import { BEACON_PATH } from './beacon-fields';
import { createHealthReporter } from './health-reporter';
import { tabSession } from './tab-session';

// Off until the app starts (./start-health-reporting.ts): a component test that mounts a remote slot sends
// nothing anywhere.
let sending = false;

export const enableHealthBeacons = () => {
  sending = true;
};

/**
 * The tab's one reporter, made when first imported: the federation runtime's plugin may report a load before
 * the app has started, and it waits in the queue like any other entry. A string body goes as text/plain,
 * which the same origin takes without a preflight.
 */
export const healthReport = createHealthReporter({
  session: tabSession(),
  send: (body) => sending && navigator.sendBeacon(BEACON_PATH, body),
  versionOf,
});
