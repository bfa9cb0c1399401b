import { createAppConfig } from '@chat/shared/build';

export default createAppConfig({
  name: 'auth',
  port: 3001,
  title: 'auth remote',
  exposes: { './LoginPage': './src/exposes/login-page.tsx' },
});
