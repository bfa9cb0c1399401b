import { mayHaveMarkup } from '@chat/shared/may-have-markup';
import { unpackTree } from '@chat/shared/message-tree';
import { leverOn } from '@chat/shared/perf-levers';
import type { Root } from 'mdast';
import { startTransition, useEffect, useState } from 'react';
import { lazyChunk } from '../lib/lazy-chunk';

type Parse = (content: string) => Root;

/**
 * The parser is a chunk of its own (micromark with its GFM parts: 69 KB, 17 KB brotli), asked for the first
 * time a message that may hold Markdown comes without its tree (takeTreesOf, before it renders) or is shown:
 * a room's history comes with its trees (`include=tree`), so a room is read without it until a formatted
 * message arrives live; rooms of plain talk never load it. Once here it parses synchronously, so a message
 * arriving later renders formatted from its first paint.
 */
const parser = lazyChunk(() =>
  import(/* webpackChunkName: "markdown-parser" */ '@chat/shared/markdown').then(
    (module): Parse => module.parseMessage,
  ),
);

const needsParser = (content: string) => leverOn('rich-text') && mayHaveMarkup(content);

/**
 * Trees already parsed or sent, by the message's text: the virtualized feed mounts a row again each time it
 * scrolls back into view, and a quote shows the same message; each is parsed once. Bounded: the oldest
 * entry goes when it is full (a few hundred rows is more than the feed holds).
 */
const LIMIT = 500;
const trees = new Map<string, Root>();

function remember(content: string, tree: Root): Root {
  if (trees.size >= LIMIT) trees.delete(trees.keys().next().value as string);
  trees.set(content, tree);
  return tree;
}

/** Trees sent with pages and not shown yet, by text, as sent: a page is 100 messages, a screen shows 20. */
const sent = new Map<string, unknown>();

/** The tree sent for `content`, checked and unpacked the first time a row shows it; null: none, or unfit. */
function sentTree(content: string): Root | null {
  const tree = sent.get(content);
  if (tree === undefined) return null;
  sent.delete(content);
  const unpacked = unpackTree(tree, content);
  return unpacked && remember(content, unpacked);
}

/**
 * Takes the trees a page of messages came with (`include=tree`, asked by treesAsked): those messages render
 * formatted at once, with no parse on this thread, which is what formatting cost a page of history
 * (bench/README.md, rich text). A tree that does not fit its text is ignored and the text parsed here, as is
 * a message that came without one (a live event, an edit, an API deployed before trees); the parser's chunk
 * starts loading as soon as a page holds such a message, while the page renders (plain at first), not after.
 */
export function takeTreesOf<T extends { content: string; tree?: unknown }>(
  messages: readonly T[] | null | undefined,
  // The server's drawing never parses: a message without its tree is drawn as plain text there.
  { loadParser = true }: { loadParser?: boolean } = {},
) {
  let parseNeeded = false;
  for (const { content, tree } of messages ?? []) {
    if (!needsParser(content) || trees.has(content)) continue;
    if (tree === undefined) {
      parseNeeded = true;
      continue;
    }
    if (sent.size >= LIMIT) sent.delete(sent.keys().next().value as string);
    sent.set(content, tree);
  }
  if (loadParser && parseNeeded && !parser.now()) parser.load().catch(() => undefined);
}

/**
 * Parsing costs a tenth to half a millisecond a message on a laptop, several times that on a phone: the
 * rows a screen mounts at once (the feed is virtualized: a screenful, not a page) would be one long task on
 * a phone. Each task parses up to this much at once, a frame's worth; the rest of the messages show as
 * plain text and are parsed in the following tasks, a batch at a time, each re-rendered formatted as a
 * transition. A message arriving alone is formatted from its first paint. The budget was 4 ms: that
 * deferred most rows of a page of history scrolled back, and rendering each of them twice (plain, then
 * formatted) cost scroll-back a quarter more than plain text; at 16 ms a screenful is formatted as it mounts
 * (bench/README.md, rich text).
 */
const BUDGET_MS = 16;
let spent = 0;
let resetting = false;

function spend(ms: number) {
  spent += ms;
  if (resetting) return;
  resetting = true;
  setTimeout(() => {
    spent = 0;
    resetting = false;
  }, 0);
}

function timedParse(content: string, parse: Parse): Root {
  const started = performance.now();
  const tree = remember(content, parse(content));
  spend(performance.now() - started);
  return tree;
}

/** The tree now if it is parsed or the task's budget allows parsing it; null: later (whenParsed). */
function treeNowOrLater(content: string, parse: Parse): Root | null {
  const known = trees.get(content);
  if (known) return known;
  return spent < BUDGET_MS ? timedParse(content, parse) : null;
}

const waiting = new Map<string, Set<() => void>>();
let draining = false;

function drain() {
  const parse = parser.now();
  if (!parse) return;
  for (const [content, listeners] of waiting) {
    if (spent >= BUDGET_MS) break;
    if (!trees.has(content)) timedParse(content, parse);
    waiting.delete(content);
    for (const listener of listeners) listener();
  }
  if (waiting.size) setTimeout(drain, 0);
  else draining = false;
}

/** Calls `done` once `content` is parsed, in a later task; returns a function that stops waiting. */
function whenParsed(content: string, done: () => void): () => void {
  let listeners = waiting.get(content);
  if (!listeners) {
    listeners = new Set();
    waiting.set(content, listeners);
  }
  listeners.add(done);
  if (!draining) {
    draining = true;
    setTimeout(drain, 0);
  }
  return () => {
    listeners.delete(done);
    if (!listeners.size && waiting.get(content) === listeners) waiting.delete(content);
  };
}

/**
 * The message's syntax tree, or null while it needs none (no markup-like character), while the parser
 * loads, or while its parse waits for a later task: the caller shows the plain text meanwhile, in the
 * same box. The parser's arrival and each deferred parse re-render as a transition, so formatting a
 * screenful of messages is done in slices between which the page stays responsive, not in one long task.
 */
export function useMessageTree(content: string): Root | null {
  // The `rich-text` lever off (a build for the bench only) shows every message as plain text, as before.
  const needed = needsParser(content);
  const known = needed ? (trees.get(content) ?? sentTree(content)) : null;
  const [ready, setReady] = useState(parser.now() !== null);
  const [, setParsed] = useState(0);
  const waitForParser = needed && !known && !ready;
  useEffect(() => {
    if (!waitForParser) return;
    let live = true;
    parser.load().then(
      () => live && startTransition(() => setReady(true)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [waitForParser]);
  const parse = parser.now();
  const tree = known ?? (needed && ready && parse ? treeNowOrLater(content, parse) : null);
  const deferred = needed && ready && !tree;
  useEffect(() => {
    if (!deferred) return;
    return whenParsed(content, () => startTransition(() => setParsed((count) => count + 1)));
  }, [deferred, content]);
  return tree;
}
