import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { DEMO_CREDENTIALS, type LoginPayload, useLogin, useSubmitValidation } from '@chat/shared';
import { FIELD_LABELS, requiredMessage } from '@chat/shared/schemas';
import { Alert, Button, Form, Input } from 'antd';

/**
 * antd's show/hide toggle is its 14 px icon, under the 24 × 24 px a touch target needs (WCAG 2.5.8). In a box
 * of 24 it fills the large input's line exactly, so the field keeps its height.
 */
const visibilityIcon = (visible: boolean) => (
  <span
    style={{ display: 'inline-flex', width: 24, height: 24, alignItems: 'center', justifyContent: 'center' }}
  >
    {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
  </span>
);

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
      // Large: the sign-in form is mostly used on phones, where 40 px fields are easier to hit.
      size="large"
      requiredMark={false}
      initialValues={DEMO_CREDENTIALS}
      validateTrigger={validateTrigger}
      onFinish={submit}
      onFinishFailed={markAttempted}
    >
      <Form.Item
        label={FIELD_LABELS.username}
        name="username"
        rules={[{ required: true, whitespace: true, message: requiredMessage(FIELD_LABELS.username) }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" />
      </Form.Item>
      <Form.Item
        label={FIELD_LABELS.password}
        name="password"
        rules={[{ required: true, message: requiredMessage(FIELD_LABELS.password) }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          iconRender={visibilityIcon}
        />
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
