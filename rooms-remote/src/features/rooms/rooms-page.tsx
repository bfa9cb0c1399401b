import { Button, Card, Typography } from 'antd';

/** Placeholder until the room list lands (issue 4). */
export function RoomsPage() {
  return (
    <Card>
      <Button type="primary">Create Room</Button>
      <Typography.Title level={3}>Room Lists</Typography.Title>
    </Card>
  );
}
