import { Alert, Button, Card, Flex, Form, Input } from 'antd';
import { DEMO_CREDENTIALS, useLogin } from '../api/auth';
import { routes } from '../constants';
import { FIELD_LABELS } from '../schemas/field-labels';
import type { LoginPayload } from '../schemas/user';

/**
 * A remote run alone has no login route of its own (that screen lives in auth-remote), so its standalone
 * host signs its developer in here, then reloads the page they were on.
 */
export function StandaloneSignIn() {
  const here = window.location.pathname === routes.login ? routes.home : window.location.href;
  const login = useLogin(here);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card title="Sign in to preview this remote" style={{ width: '100%', maxWidth: 420 }}>
        <Form<LoginPayload>
          layout="vertical"
          initialValues={DEMO_CREDENTIALS}
          onFinish={(v) => login.mutate(v)}
        >
          <Form.Item label={FIELD_LABELS.username} name="username" rules={[{ required: true }]}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item label={FIELD_LABELS.password} name="password" rules={[{ required: true }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {login.error && (
            <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} />
          )}
          <Button type="primary" htmlType="submit" block loading={login.isPending || login.isSuccess}>
            Sign in
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
