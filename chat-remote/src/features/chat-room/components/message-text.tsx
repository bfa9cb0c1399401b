import type { Message } from '@chat/shared';
import { theme } from 'antd';
import { useMemo } from 'react';
import { decoratedText } from '../markdown/decorated-text';
import { decorationsOf, type TextRange } from '../markdown/decorations';
import { markdownStyles, messageMarkdown } from '../markdown/message-markdown';
import { useMessageTree } from '../markdown/use-message-tree';

/**
 * A message's text, formatted from its Markdown (a safe subset: see markdown/message-markdown.tsx), with
 * each `@username` of a member it mentions and each search highlight shown inside it. A message without
 * markup, or before the parser has loaded, is shown as plain text in the same box. React escapes it all,
 * and nothing here ever sets HTML.
 */
export function MessageText({
  content,
  edited,
  mentions,
  highlights,
}: {
  content: string;
  edited: boolean;
  mentions?: Message['mentions'];
  highlights?: readonly TextRange[];
}) {
  const { token } = theme.useToken();
  const styles = markdownStyles(token);
  const tree = useMessageTree(content);
  const decorations = useMemo(
    () =>
      decorationsOf(
        content,
        (mentions ?? []).map((mention) => mention.username),
        highlights,
      ),
    [content, mentions, highlights],
  );
  const trailer = edited && (
    <span style={{ color: token.colorTextDescription, fontSize: 12 }}> (edited)</span>
  );
  if (tree) return messageMarkdown({ tree, content, decorations, styles, trailer });
  return (
    <p style={styles.onlyParagraph}>
      <span>{decoratedText(content, 0, content.length, decorations, styles.decorations)}</span>
      {trailer}
    </p>
  );
}
