import { mayHaveMarkup } from '@chat/shared/may-have-markup';
import { leverOn } from '@chat/shared/perf-levers';
import { useEffect, useState } from 'react';
import { lazyChunk } from '../lib/lazy-chunk';

/** The parser's chunk with the few lines that blank markup; shared with the feed's parser when it is here. */
const blanker = lazyChunk(() =>
  import(/* webpackChunkName: "searchable-text" */ '@chat/shared/searchable-text').then(
    (module) => module.searchableText,
  ),
);

/**
 * A message's text with its markup blanked and every word where it stands (`searchableText`, as the API
 * indexes it), so a search's highlights, offsets into the raw text, fit it; the raw text until its chunk is
 * here, and for a text that holds no markup.
 */
export function useShownText(content: string): string {
  const needed = leverOn('rich-text') && mayHaveMarkup(content);
  const [ready, setReady] = useState(blanker.now() !== null);
  useEffect(() => {
    if (!needed || ready) return;
    let live = true;
    blanker.load().then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, ready]);
  const blank = blanker.now();
  return needed && ready && blank ? blank(content) : content;
}
