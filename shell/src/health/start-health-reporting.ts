import type { Metric } from 'web-vitals';
import { remoteEntries } from '../federation/remote-entries';
import { appOfScreen } from './app-of-screen';
import { appOfStack } from './app-of-stack';
import type { VitalMetric } from './beacon-fields';
import { enableHealthBeacons, healthReport } from './health-report';

/**
 * What the page reports beside the loads: errors and unhandled rejections (attributed by where their code came
 * from, see appOfStack), the screens' Core Web Vitals, and a last beacon as the page is hidden (web-vitals
 * reports INP and CLS then, so the flush waits for its listeners, registered first, to have run).
 */
export function startHealthReporting(): void {
  enableHealthBeacons();
  const appOf = appOfStack(() => remoteEntries.getState().seen);
  window.addEventListener('error', (event) => {
    healthReport.error(appOf((event.error as Error | undefined)?.stack ?? event.filename), 'error');
  });
  window.addEventListener('unhandledrejection', (event) => {
    healthReport.error(appOf((event.reason as Error | undefined)?.stack), 'unhandledrejection');
  });
  const vital = ({ name, value }: Metric) =>
    healthReport.vital({ app: appOfScreen(window.location), metric: name as VitalMetric, value });
  // Off the start-up path: its observers read the buffered entries, so the first paint is still measured.
  void import('web-vitals').then(({ onCLS, onINP, onLCP }) => {
    onLCP(vital);
    onINP(vital);
    onCLS(vital);
    // After web-vitals' own listeners, which report INP and CLS as the page is hidden.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') healthReport.flush();
    });
  });
  window.addEventListener('pagehide', () => healthReport.flush());
}
