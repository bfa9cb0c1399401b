// The rooms remote's server build (rsbuild.server.config.ts): what the shell's server loads to draw the room
// list and 'Your rooms' before the page's scripts run. Published beside the remote's manifest, one per deploy.
import type { FirstScreenRenderer, RoomListFirstScreen as Screen } from '@chat/shared/first-screen';
import { appTheme } from '@chat/shared/theme';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  RoomListFirstScreen,
  YourRoomsFirstScreen,
} from '../features/rooms/first-screen/room-list-first-screen';

const draw = (tree: ReactNode) => renderToString(<ConfigProvider theme={appTheme}>{tree}</ConfigProvider>);

export const renderRoomList: FirstScreenRenderer['renderRoomList'] = (screen: Screen) => ({
  panel: draw(<YourRoomsFirstScreen {...screen} />),
  list: draw(<RoomListFirstScreen rooms={screen.rooms} />),
});
