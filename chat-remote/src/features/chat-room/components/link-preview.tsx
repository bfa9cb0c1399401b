import type { Message } from '@chat/shared';
import { Button, Typography } from 'antd';
import { useRemovePreview } from '../api/remove-preview';
import { useRoomPermissions } from '../hooks/use-room-permissions';
import { useRoomStore } from '../hooks/use-room-store';
import { httpUrl } from '../lib/safe-url';

/** The image always takes this box, loaded or not, so nothing below it moves when it arrives. */
const IMAGE_BOX = { width: 80, height: 80 } as const;

/** Theme-neutral lines and fills: they follow the text colour in light and dark themes alike. */
const faint = (percent: number) => `color-mix(in srgb, currentColor ${percent}%, transparent)`;

const cardStyle = {
  display: 'flex',
  gap: 12,
  alignItems: 'flex-start',
  maxWidth: 480,
  padding: 8,
  borderInlineStart: `3px solid ${faint(25)}`,
  borderRadius: 4,
  background: faint(4),
} as const;

interface LinkPreviewProps {
  message: Message;
  /** Whether this user wrote the message: its author may remove the preview, as the owner may. */
  own: boolean;
}

/**
 * The preview the API read from the page the message's first link leads to: site name, title (opening the
 * page in a new tab), description and image. The image comes from the API, never from the site. Its author,
 * the room's owner or an administrator may remove it for everyone ('Remove preview'), as they may delete the
 * message; not in an archived room.
 */
export function LinkPreview({ message, own }: LinkPreviewProps) {
  const { archived, moderator } = useRoomPermissions();
  const remove = useRemovePreview(message.room_id, useRoomStore());
  const preview = message.preview;
  const href = preview ? httpUrl(preview.url) : null;
  if (!preview || !href) return null;
  const image = httpUrl(preview.image_url);
  return (
    <div style={cardStyle}>
      {image && (
        <img
          src={image}
          alt=""
          width={IMAGE_BOX.width}
          height={IMAGE_BOX.height}
          loading="lazy"
          style={{ ...IMAGE_BOX, flex: 'none', objectFit: 'cover', borderRadius: 4, background: faint(8) }}
        />
      )}
      <div style={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0, flex: 1 }}>
        {preview.site_name && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {preview.site_name}
          </Typography.Text>
        )}
        <a href={href} target="_blank" rel="noopener noreferrer" style={{ fontWeight: 600 }}>
          {preview.title}
        </a>
        {preview.description && (
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {preview.description}
          </Typography.Text>
        )}
      </div>
      {(own || moderator) && !archived && (
        <Button
          size="small"
          type="text"
          aria-label="Remove preview"
          title="Remove preview"
          loading={remove.isPending}
          onClick={() => remove.mutate(message.id)}
        >
          <span aria-hidden>×</span>
        </Button>
      )}
    </div>
  );
}
