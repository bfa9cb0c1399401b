import { ROOM_ARCHIVED } from '@chat/shared/constants';
import { Typography, theme } from 'antd';

/** Where the message bar stands in a room that is archived: nobody writes in it any more. */
export function ArchivedNotice() {
  const { token } = theme.useToken();
  return (
    <Typography.Paragraph
      type="secondary"
      role="status"
      style={{
        margin: 0,
        padding: 16,
        textAlign: 'center',
        borderTop: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {ROOM_ARCHIVED}
    </Typography.Paragraph>
  );
}
