import { JoinFailureAlert, routes, useRooms } from '@chat/shared';
import { Button, Card, Empty, Flex, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

const SHOWN = 20;

/**
 * Run alone, the chat room has no room list around it: this picks the room to open (`/?room=ID`).
 * Guessing one instead would fail to join, and a failed join reloads the page: a loop. Built only from
 * antd components the apps already share, because every component named anywhere joins the shared antd.
 */
export function RoomPicker() {
  const rooms = useRooms();
  const navigate = useNavigate();
  const [filter, setFilter] = useState('');
  const matching = (rooms.data ?? []).filter((room) =>
    room.name.toLowerCase().includes(filter.toLowerCase()),
  );
  return (
    <Flex vertical align="center" justify="center" gap="middle" style={{ minHeight: '100vh', padding: 16 }}>
      <JoinFailureAlert />
      <Card title="Open a chat room" loading={rooms.isPending} style={{ width: '100%', maxWidth: 420 }}>
        <Flex vertical gap="small">
          <Input
            aria-label="Room"
            placeholder="Filter by name"
            allowClear
            onChange={(e) => setFilter(e.target.value)}
          />
          {matching.length === 0 && (
            <Empty description="No rooms: create one in rooms-remote or the shell." />
          )}
          {matching.slice(0, SHOWN).map((room) => (
            <Button key={room.id} block onClick={() => navigate(routes.room(room.id))}>
              {room.name}
            </Button>
          ))}
        </Flex>
      </Card>
    </Flex>
  );
}
