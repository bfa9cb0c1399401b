import { brand, useSession } from '@chat/shared';
import { Flex, Layout, Typography, theme } from 'antd';
import { EnableNotificationsButton } from '../notifications/enable-notifications-button';
import { MentionNotifications } from '../notifications/mention-notifications';
import { useNotificationPermission } from '../notifications/notification-permission';
import { UserMenu } from './user-menu';

export function AppHeader() {
  const user = useSession((state) => state.user);
  const { token } = theme.useToken();
  const notifications = useNotificationPermission();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        // One row where there is room; on a phone, 'Enable notifications' and the user's button take a second
        // row rather than squeezing the username out of sight.
        flexWrap: 'wrap',
        columnGap: 12,
        rowGap: 8,
        height: 'auto',
        minHeight: 64,
        paddingBlock: 12,
        lineHeight: 'normal',
        borderBottom: `2px solid ${brand.primary}`,
      }}
    >
      {/* The page's one h1, at the size the header has room for. */}
      <Typography.Title
        level={1}
        style={{ margin: 0, whiteSpace: 'nowrap', fontSize: token.fontSizeHeading4 }}
      >
        Chat Rooms
      </Typography.Title>
      {user && (
        <Flex align="center" gap="small" style={{ minWidth: 0, marginInlineStart: 'auto' }}>
          <EnableNotificationsButton {...notifications} />
          <UserMenu user={user} />
        </Flex>
      )}
      {user && notifications.access === 'granted' && <MentionNotifications userId={user.id} />}
    </Layout.Header>
  );
}
