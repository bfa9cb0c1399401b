import { describe, expect, it } from '@rstest/core';
import { renderHook, waitFor } from '@testing-library/react';
import { takeTreesOf, useMessageTree } from './use-message-tree';

const typesOf = (tree: ReturnType<typeof useMessageTree>) =>
  tree?.children.flatMap((block) => ('children' in block ? block.children.map((node) => node.type) : []));

describe('useMessageTree', () => {
  it('renders a message from the tree its page came with, at once and without parsing it', () => {
    const content = 'sent **tree**';
    // A tree a parse would not give (emphasis where the text says strong): the one shown is the one sent.
    takeTreesOf([
      {
        content,
        tree: [
          { type: 'paragraph', start: 0, end: 13, child_count: 2 },
          { type: 'text', start: 0, end: 5 },
          { type: 'emphasis', start: 5, end: 13, child_count: 1 },
          { type: 'text', start: 7, end: 11 },
        ],
      },
    ]);
    const { result } = renderHook(() => useMessageTree(content));
    expect(typesOf(result.current)).toEqual(['text', 'emphasis']);
  });

  it('parses a message whose sent tree does not fit its text, and one that came without a tree', async () => {
    takeTreesOf([
      { content: 'unfit **tree**', tree: [{ type: 'text', start: 0, end: 99 }] },
      { content: 'no **tree**' },
    ]);
    const unfit = renderHook(() => useMessageTree('unfit **tree**'));
    const none = renderHook(() => useMessageTree('no **tree**'));
    await waitFor(() => expect(typesOf(unfit.result.current)).toEqual(['text', 'strong']));
    await waitFor(() => expect(typesOf(none.result.current)).toEqual(['text', 'strong']));
  });

  it('needs no tree for a text without markup', () => {
    takeTreesOf([{ content: 'plain words' }]);
    expect(renderHook(() => useMessageTree('plain words')).result.current).toBeNull();
  });
});
