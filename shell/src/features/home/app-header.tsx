import { brand, useSession } from '@chat/shared';
import { Layout, Typography, theme } from 'antd';
import { UserMenu } from './user-menu';

export function AppHeader() {
  const user = useSession((state) => state.user);
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 12,
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
      {user && <UserMenu user={user} />}
    </Layout.Header>
  );
}
