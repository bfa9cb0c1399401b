import { leverOn } from '@chat/shared/perf-levers';
import type { Root } from 'mdast';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { mayHaveMarkup } from './may-have-markup';

type Parse = (content: string) => Root;

/**
 * The parser is a chunk of its own (micromark with its GFM parts: 69 KB, 17 KB brotli), asked for the first
 * time messages that may hold Markdown arrive (preloadParserFor, before they render) or are shown; rooms
 * of plain talk never load it. Once here it parses synchronously, so a message arriving later renders
 * formatted from its first paint.
 */
let parse: Parse | null = null;
let loading: Promise<Parse> | null = null;

function loadParser(): Promise<Parse> {
  loading ??= import(/* webpackChunkName: "markdown-parser" */ '@chat/shared/markdown').then(
    (module) => {
      parse = module.parseMessage;
      return module.parseMessage;
    },
    (error: unknown) => {
      // A chunk that failed to load is asked for again by the next message that needs it.
      loading = null;
      throw error;
    },
  );
  return loading;
}

const needsParser = (content: string) => leverOn('rich-text') && mayHaveMarkup(content);

/**
 * Starts loading the parser as soon as a page of messages is in hand and one of them may hold Markdown:
 * its chunk downloads while the page renders (plain at first), not after, so the room is formatted
 * sooner and by fewer renders.
 */
export function preloadParserFor<T extends { content: string }>(messages: readonly T[] | null | undefined) {
  if (!parse && messages?.some((message) => needsParser(message.content)))
    loadParser().catch(() => undefined);
}

/**
 * Trees already parsed, by the message's text: the virtualized feed mounts a row again each time it
 * scrolls back into view, and a quote shows the same message; each is parsed once. Bounded: the oldest
 * entry goes when it is full (a few hundred rows is more than the feed holds).
 */
const LIMIT = 500;
const trees = new Map<string, Root>();

function treeOf(content: string, parser: Parse): Root {
  let tree = trees.get(content);
  if (!tree) {
    tree = parser(content);
    if (trees.size >= LIMIT) trees.delete(trees.keys().next().value as string);
    trees.set(content, tree);
  }
  return tree;
}

/**
 * The message's syntax tree, or null while it needs none (no markup-like character) or while the parser
 * loads: the caller shows the plain text meanwhile, in the same box. The parser's arrival re-renders as a
 * transition, so formatting a screenful of messages is done in slices between which the page stays
 * responsive, not in one long task.
 */
export function useMessageTree(content: string): Root | null {
  // The `rich-text` lever off (a build for the bench only) shows every message as plain text, as before.
  const needed = needsParser(content);
  const [ready, setReady] = useState(parse !== null);
  useEffect(() => {
    if (!needed || ready) return;
    let live = true;
    loadParser().then(
      () => live && startTransition(() => setReady(true)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, ready]);
  return useMemo(() => (needed && ready && parse ? treeOf(content, parse) : null), [needed, ready, content]);
}
