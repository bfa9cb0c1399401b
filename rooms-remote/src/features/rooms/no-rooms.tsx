import { Empty } from 'antd';

/** What a list with no room in it says: 'No Rooms'. */
export function NoRooms() {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Rooms" />;
}
