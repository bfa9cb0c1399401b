import { Card } from 'antd';
import type { ReactNode } from 'react';

/** The room list's card, titled 'Room Lists', for the page and the server's drawing of it alike. */
export function RoomListCard({ extra, children }: { extra?: ReactNode; children: ReactNode }) {
  return (
    <Card title="Room Lists" extra={extra}>
      {children}
    </Card>
  );
}
