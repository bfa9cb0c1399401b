import { Card, Typography, theme } from 'antd';
import { LoginForm } from './login-form';

export function LoginPage() {
  const { token } = theme.useToken();
  return (
    <Card>
      {/* The page's one h1 (signed out, no header above it), at the size of an h2. */}
      <Typography.Title
        level={1}
        style={{ marginTop: 0, textAlign: 'center', fontSize: token.fontSizeHeading2 }}
      >
        Welcome
      </Typography.Title>
      <LoginForm />
    </Card>
  );
}
