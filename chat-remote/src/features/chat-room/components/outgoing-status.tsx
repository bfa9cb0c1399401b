import { ClockCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Typography } from 'antd';
import type { OutboxActions } from '../hooks/use-outbox';
import type { Outgoing } from '../model/outgoing';

export type RowActions = Pick<OutboxActions, 'retry' | 'discard' | 'cancel'>;

/** Under a message not yet stored: sending (with upload progress and Cancel), or failed with Retry/Discard. */
export function OutgoingStatus({ entry, actions }: { entry: Outgoing; actions: RowActions }) {
  if (entry.status === 'failed') {
    return (
      <Flex align="center" gap="small" wrap>
        <Typography.Text type="danger">
          <ExclamationCircleOutlined /> Not sent: {entry.error}
        </Typography.Text>
        {entry.retryable && (
          <Button size="small" onClick={() => actions.retry(entry.clientMsgId)}>
            Retry
          </Button>
        )}
        <Button size="small" type="text" onClick={() => actions.discard(entry.clientMsgId)}>
          Discard
        </Button>
      </Flex>
    );
  }
  if (entry.progress !== null) {
    return (
      <Flex align="center" gap="small">
        <Progress
          percent={Math.round(entry.progress * 100)}
          size="small"
          style={{ width: 200, margin: 0 }}
          aria-label="Upload progress"
        />
        <Button size="small" type="text" onClick={() => actions.cancel(entry.clientMsgId)}>
          Cancel
        </Button>
      </Flex>
    );
  }
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      <ClockCircleOutlined /> Sending…
    </Typography.Text>
  );
}
