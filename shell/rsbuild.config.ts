import { createAppConfig } from '@chat/shared/build';

export default createAppConfig({
  name: 'shell',
  port: 3000,
  title: 'Chat Rooms',
  runtimePlugins: ['./src/federation/retry-plugin.ts', './src/federation/fallback-plugin.ts'],
});
