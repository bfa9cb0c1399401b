import type { Message } from '@chat/shared';
import { theme } from 'antd';
import { mentionSegments } from '../lib/mentions';

/** The text, with each `@username` of a member it mentions shown as a mention. */
function MentionedText({ content, mentions }: { content: string; mentions: Message['mentions'] }) {
  const { token } = theme.useToken();
  if (!mentions?.length) return <span>{content}</span>;
  const segments = mentionSegments(
    content,
    mentions.map((mention) => mention.username),
  );
  return (
    <span>
      {segments.map((segment, index) =>
        segment.mention ? (
          <span
            key={index}
            data-mention={segment.text.slice(1)}
            style={{
              color: token.colorText,
              background: token.colorPrimaryBg,
              fontWeight: token.fontWeightStrong,
              borderRadius: token.borderRadiusSM,
              padding: '0 2px',
            }}
          >
            {segment.text}
          </span>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </span>
  );
}

/** A message's text, rendered as text: React escapes it, and nothing here ever sets HTML. */
export function MessageText({
  content,
  edited,
  mentions,
}: {
  content: string;
  edited: boolean;
  mentions?: Message['mentions'];
}) {
  const { token } = theme.useToken();
  return (
    <p style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      <MentionedText content={content} mentions={mentions} />
      {edited && <span style={{ color: token.colorTextDescription, fontSize: 12 }}> (edited)</span>}
    </p>
  );
}
