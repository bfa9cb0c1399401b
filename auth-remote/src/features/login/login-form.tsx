import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { DEMO_CREDENTIALS, type LoginPayload, useLogin, useSubmitValidation } from '@chat/shared';
import { Alert, Button, Form, Input } from 'antd';

export function LoginForm() {
  const login = useLogin();
  const { validateTrigger, markAttempted } = useSubmitValidation();

  const submit = (values: LoginPayload) => {
    markAttempted();
    if (!login.isPending) login.mutate(values);
  };

  return (
    <Form<LoginPayload>
      name="login"
      aria-label="Login"
      layout="vertical"
      requiredMark={false}
      initialValues={DEMO_CREDENTIALS}
      validateTrigger={validateTrigger}
      onFinish={submit}
      onFinishFailed={markAttempted}
    >
      <Form.Item
        label="Username"
        name="username"
        rules={[{ required: true, whitespace: true, message: 'Username is required' }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        rules={[{ required: true, message: 'Password is required' }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      {login.error && (
        <Form.Item>
          <Alert type="error" showIcon title={login.error.message} />
        </Form.Item>
      )}
      {/* Stays busy after success too: the full page load is still under way. */}
      <Button type="primary" htmlType="submit" block loading={login.isPending || login.isSuccess}>
        Login
      </Button>
    </Form>
  );
}
