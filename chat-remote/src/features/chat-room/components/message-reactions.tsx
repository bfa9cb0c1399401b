import { FALLBACK_ERROR_MESSAGE, type Message } from '@chat/shared';
import { App } from 'antd';
import { useReactToMessage } from '../api/react-to-message';
import { useRoomPermissions } from '../hooks/use-room-permissions';
import { useRoomStore } from '../hooks/use-room-store';
import { ReactionPicker } from './reaction-picker';
import { ReactionsBar } from './reactions-bar';

interface MessageReactionsProps {
  message: Message;
  /** Whether the picker is open ('Add reaction' in the row's actions opens it). */
  picking: boolean;
  onPickerClose: () => void;
}

/**
 * A message's reactions and the picker that adds one, through their own mutation: a click shows at once, and
 * a failure puts the counts back and says why in a toast.
 */
export function MessageReactions({ message, picking, onPickerClose }: MessageReactionsProps) {
  const { message: toast } = App.useApp();
  const react = useReactToMessage(
    message.room_id,
    useRoomStore(),
    (error) => void toast.error(error.message || FALLBACK_ERROR_MESSAGE),
  );
  const { archived } = useRoomPermissions();
  const toggle = (emoji: string, add: boolean) => react.mutate({ messageId: message.id, emoji, add });
  return (
    <>
      {picking && !archived && (
        <ReactionPicker
          onClose={onPickerClose}
          onPick={(emoji) => {
            onPickerClose();
            if (!message.reactions?.some((r) => r.emoji === emoji && r.me)) toggle(emoji, true);
          }}
        />
      )}
      <ReactionsBar reactions={message.reactions ?? []} onToggle={toggle} disabled={archived} />
    </>
  );
}
