import { Card, Typography } from 'antd';
import { LoginForm } from './login-form';

export function LoginPage() {
  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0, textAlign: 'center' }}>
        Welcome
      </Typography.Title>
      <LoginForm />
    </Card>
  );
}
