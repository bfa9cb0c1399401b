import type { Publisher } from '../realtime/publisher';
import type { ApiMetrics } from './api-metrics';

/**
 * The same publisher, timing every publish (an event or a batch) into `chat_publish_duration_seconds` and
 * counting the ones that fail into `chat_publish_failures_total`. A failure is still the caller's to handle.
 */
export function instrumentPublisher(publisher: Publisher, metrics: ApiMetrics): Publisher {
  const timed = async (publish: () => Promise<void>) => {
    const end = metrics.publishDuration.startTimer();
    try {
      await publish();
    } catch (error) {
      metrics.publishFailures.inc();
      throw error;
    } finally {
      end();
    }
  };
  return {
    publish: (channel, event, data) => timed(() => publisher.publish(channel, event, data)),
    publishBatch: (events) => timed(() => publisher.publishBatch(events)),
    // Not an event: neither timed nor counted as a publish.
    disconnectUser: (userId) => publisher.disconnectUser(userId),
  };
}
