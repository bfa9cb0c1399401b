import { LockOutlined } from '@ant-design/icons';

/**
 * The lock beside a private room's name (in the room list and 'Your rooms'), named 'Private' for assistive
 * technology as the unread badges are named for their counts. Nothing for a public room, nor from an API
 * before private rooms (no `private`).
 */
export function PrivateMark({ private: isPrivate }: { private?: boolean }) {
  if (!isPrivate) return null;
  return (
    <span role="img" aria-label="Private" title="Private">
      <LockOutlined aria-hidden />
    </span>
  );
}
