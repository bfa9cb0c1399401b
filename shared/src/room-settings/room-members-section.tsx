import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Spin, Tag, Typography } from 'antd';
import type { RoomMember } from '../schemas/room';
import { useMakeOwner, useRemoveMember } from './api/owner-actions';
import { getRoomMembers, roomMembersKey } from './api/room-members';
import type { RoomSettingsDeps } from './room-settings-deps';

interface RoomMembersSectionProps {
  deps: RoomSettingsDeps;
  roomId: number;
  ownId: number | null;
  /** After 'Make owner': the caller is no longer the owner, so the settings close. */
  onOwnerChanged: () => void;
}

/** 'Members': everyone in the room by name, with 'Remove from room' and 'Make owner' on everyone but oneself. */
export function RoomMembersSection({ deps, roomId, ownId, onOwnerChanged }: RoomMembersSectionProps) {
  const members = useQuery(
    {
      queryKey: roomMembersKey(roomId),
      queryFn: () => getRoomMembers(deps.http, roomId),
      staleTime: 0,
      retry: false,
    },
    deps.queryClient,
  );
  const remove = useRemoveMember(deps, roomId);
  const makeOwner = useMakeOwner(deps, roomId);
  const busy = remove.isPending || makeOwner.isPending;

  return (
    <section aria-labelledby="room-members-heading">
      <Typography.Title id="room-members-heading" level={3} style={{ fontSize: 16 }}>
        Members
      </Typography.Title>
      {members.isPending ? (
        <Spin />
      ) : (
        <ul aria-label="Members" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {(members.data ?? []).map((member: RoomMember) => (
            <li key={member.id} aria-label={member.username} style={{ padding: '4px 0' }}>
              <Flex align="center" gap={8} wrap>
                <Typography.Text style={{ flex: 1 }}>{member.username}</Typography.Text>
                {member.role === 'owner' && <Tag>owner</Tag>}
                {member.id !== ownId && (
                  <>
                    <Button
                      size="small"
                      aria-label={`Remove from room ${member.username}`}
                      disabled={busy}
                      loading={remove.isPending && remove.variables?.id === member.id}
                      onClick={() => remove.mutate(member)}
                    >
                      Remove from room
                    </Button>
                    <Button
                      size="small"
                      aria-label={`Make owner ${member.username}`}
                      disabled={busy}
                      loading={makeOwner.isPending && makeOwner.variables?.id === member.id}
                      onClick={() => makeOwner.mutate(member, { onSuccess: onOwnerChanged })}
                    >
                      Make owner
                    </Button>
                  </>
                )}
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
