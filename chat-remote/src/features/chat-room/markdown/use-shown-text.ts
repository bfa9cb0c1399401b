import { leverOn } from '@chat/shared/perf-levers';
import { useEffect, useState } from 'react';
import { mayHaveMarkup } from './may-have-markup';

type Blank = (content: string) => string;

let blank: Blank | null = null;
let loading: Promise<Blank> | null = null;

/** The parser's chunk with the few lines that blank markup; shared with the feed's parser when it is here. */
function loadBlank(): Promise<Blank> {
  loading ??= import(/* webpackChunkName: "searchable-text" */ '@chat/shared/searchable-text').then(
    (module) => {
      blank = module.searchableText;
      return module.searchableText;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * A message's text with its markup blanked and every word where it stands (`searchableText`, as the API
 * indexes it), so a search's highlights, offsets into the raw text, fit it; the raw text until its chunk is
 * here, and for a text that holds no markup.
 */
export function useShownText(content: string): string {
  const needed = leverOn('rich-text') && mayHaveMarkup(content);
  const [ready, setReady] = useState(blank !== null);
  useEffect(() => {
    if (!needed || ready) return;
    let live = true;
    loadBlank().then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, ready]);
  return needed && ready && blank ? blank(content) : content;
}
