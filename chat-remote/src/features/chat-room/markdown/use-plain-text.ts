import { useMemo } from 'react';
import { plainText } from './plain-text';
import { useMessageTree } from './use-message-tree';

/** A message's words without their markup (for a one-line quote); the raw text until the parser is here. */
export function usePlainText(content: string): string {
  const tree = useMessageTree(content);
  return useMemo(() => (tree ? plainText(tree) : content), [tree, content]);
}
