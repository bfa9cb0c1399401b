// The chat remote's server build (rsbuild.server.config.ts): what the shell's server loads to draw an open
// room before the page's scripts run. Published beside the remote's manifest, one per deploy.
import type { FirstScreenRenderer, ChatRoomFirstScreen as Screen } from '@chat/shared/first-screen';
import { appTheme } from '@chat/shared/theme';
import { ConfigProvider } from 'antd';
import { renderToString } from 'react-dom/server';
import { ChatRoomFirstScreen } from '../features/chat-room/first-screen/chat-room-first-screen';

export const renderChatRoom: FirstScreenRenderer['renderChatRoom'] = (screen: Screen) =>
  renderToString(
    <ConfigProvider theme={appTheme}>
      <ChatRoomFirstScreen {...screen} />
    </ConfigProvider>,
  );
