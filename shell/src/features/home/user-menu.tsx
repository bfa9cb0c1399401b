import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { type User, useLogout } from '@chat/shared';
import { Avatar, Button, Dropdown, type MenuProps, Typography } from 'antd';

const LOG_OUT = 'logout';
const items: MenuProps['items'] = [{ key: LOG_OUT, icon: <LogoutOutlined aria-hidden />, label: 'Log out' }];

/** The signed-in user's button in the header, named by the username; its menu holds 'Log out'. */
export function UserMenu({ user }: { user: User }) {
  const logout = useLogout();
  // Stays busy once settled too: the login screen is still loading.
  const leaving = !logout.isIdle;
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      // Opened from the keyboard, the menu takes the focus so arrows and Enter reach its items.
      autoFocus
      disabled={leaving}
      menu={{ items, onClick: ({ key }) => key === LOG_OUT && logout.mutate() }}
    >
      <Button
        type="text"
        aria-haspopup="menu"
        loading={leaving}
        icon={<Avatar size="small" src={user.image ?? undefined} icon={<UserOutlined />} aria-hidden />}
        style={{ height: 'auto', paddingBlock: 4, minWidth: 0, maxWidth: '50vw' }}
      >
        <Typography.Text ellipsis>{user.username}</Typography.Text>
      </Button>
    </Dropdown>
  );
}
