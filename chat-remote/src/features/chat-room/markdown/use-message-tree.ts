import { leverOn } from '@chat/shared/perf-levers';
import type { Root } from 'mdast';
import { useEffect, useMemo, useState } from 'react';
import { mayHaveMarkup } from './may-have-markup';

type Parse = (content: string) => Root;

/**
 * The parser is a chunk of its own (micromark with its GFM parts: 69 KB, 19 KB gzip), asked for the first time a message that may
 * hold Markdown is shown; rooms of plain talk never load it. Once here it parses synchronously, so a
 * message arriving later renders formatted from its first paint.
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

/**
 * The message's syntax tree, or null while it needs none (no markup-like character) or while the parser
 * loads: the caller shows the plain text meanwhile, in the same box.
 */
export function useMessageTree(content: string): Root | null {
  // The `rich-text` lever off (a build for the bench only) shows every message as plain text, as before.
  const needed = leverOn('rich-text') && mayHaveMarkup(content);
  const [ready, setReady] = useState(parse !== null);
  useEffect(() => {
    if (!needed || ready) return;
    let live = true;
    loadParser().then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, ready]);
  return useMemo(() => (needed && ready && parse ? parse(content) : null), [needed, ready, content]);
}
