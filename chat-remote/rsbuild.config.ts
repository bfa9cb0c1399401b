import { createAppConfig } from '@chat/shared/build';

export default createAppConfig({
  name: 'chat',
  port: 3003,
  title: 'chat remote',
  exposes: { './ChatRoom': './src/exposes/chat-room.tsx' },
});
