import { Button, Card, Typography } from 'antd';

/** Placeholder until the login screen lands (issue 4). */
export function LoginPage() {
  return (
    <Card>
      <Typography.Title level={2}>Welcome</Typography.Title>
      <Button type="primary">Login</Button>
    </Card>
  );
}
