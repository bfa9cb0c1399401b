import { ArrowLeftOutlined } from '@ant-design/icons';
import { routes, useServices } from '@chat/shared';
import { Button } from 'antd';

/** On a phone, where 'Your rooms' has no room beside an open room: back to the list, without leaving. */
export function BackToRoomsButton() {
  const { navigation } = useServices();
  return (
    <Button
      className="home-back-to-rooms"
      type="text"
      icon={<ArrowLeftOutlined />}
      onClick={() => navigation.navigate(routes.home)}
      style={{ justifySelf: 'start' }}
    >
      Back to rooms
    </Button>
  );
}
