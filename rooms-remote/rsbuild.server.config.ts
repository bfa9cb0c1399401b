import { createServerRenderConfig } from '@chat/shared/build';

export default createServerRenderConfig({
  entry: './src/server/first-screen.tsx',
  distRoot: process.env.ROOMS_REMOTE_DIST_DIR ?? 'dist',
});
