import { UserOutlined } from '@ant-design/icons';
import { brand, useSession } from '@chat/shared';
import { Avatar, Flex, Layout, Typography } from 'antd';

export function AppHeader() {
  const user = useSession((state) => state.user);
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        borderBottom: `2px solid ${brand.primary}`,
      }}
    >
      <Typography.Title level={4} style={{ margin: 0 }}>
        Chat Rooms
      </Typography.Title>
      {user && (
        <Flex align="center" gap="small">
          <Avatar src={user.image ?? undefined} icon={<UserOutlined />} />
          <Typography.Text>{user.username}</Typography.Text>
        </Flex>
      )}
    </Layout.Header>
  );
}
