import { useSession } from '@chat/shared';
import { useHasDraft } from '@chat/shared/drafts';
import { Tag } from 'antd';

/** 'Draft' while the user has typed something in the room and not sent it (kept by the chat room). */
export function DraftMark({ roomId }: { roomId: number }) {
  const userId = useSession((state) => state.user?.id ?? null);
  if (!useHasDraft(userId, roomId)) return null;
  return (
    <Tag color="gold" style={{ marginInlineEnd: 0 }}>
      Draft
    </Tag>
  );
}
