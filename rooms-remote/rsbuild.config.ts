import { createAppConfig } from '@chat/shared/build';

export default createAppConfig({
  name: 'rooms',
  port: 3002,
  title: 'rooms remote',
  exposes: {
    './RoomsPage': './src/exposes/rooms-page.tsx',
    './YourRooms': './src/exposes/your-rooms.tsx',
  },
});
