import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/schema';
import { MAX_ID } from '../../db/schema';
import { type MessageRow, messageColumns } from './columns';
import { isMember } from './membership';
import { plannedAsAnyRoom } from './room-slice';

/**
 * The text search configuration of `messages.search` (migration 0009): `simple` keeps every word as written,
 * lower-cased, without stemming or stop words, so a search finds any language's words as typed.
 */
const CONFIG = sql.lit('simple');

/**
 * Where ts_headline marks a matched word: characters a chat message hardly holds. Should the text hold them,
 * the marked text no longer reads back as the message and its highlights are left empty.
 */
const START = '\u0001\u0002[';
const STOP = ']\u0002\u0001';
const HEADLINE_OPTIONS = `HighlightAll=true, StartSel="${START}", StopSel="${STOP}"`;

/** Surrounds each quoted lexeme of a tsquery's text with a prefix match: `'foo' <-> 'bar'` → `'foo':* <-> 'bar':*`. */
const LEXEME = "('(?:[^']|'')*')";

/**
 * The search's tsquery, from the trimmed text, as an SQL expression of parameters (never spliced into SQL):
 * `websearch_to_tsquery` (words are ANDed; `"a phrase"`, `or`, `-word` as on a web search engine), with the
 * last word matched as a prefix so that a word being typed already finds (`hel` finds `hello`). The last word
 * is taken as a prefix unless it is a quoted phrase's, negated (`-word`) or `or`.
 */
export function searchQuery(q: string): RawBuilder<string> {
  const match = /^(.*?)(\S+)$/su.exec(q);
  const rest = match?.[1] ?? '';
  const last = match?.[2] ?? '';
  const quotesOpen = (rest.match(/"/g)?.length ?? 0) % 2 === 1;
  const prefixable =
    last !== '' && !last.includes('"') && !last.startsWith('-') && last.toLowerCase() !== 'or';
  if (!prefixable || quotesOpen) return sql<string>`websearch_to_tsquery(${CONFIG}, ${q}::text)`;
  return sql<string>`(websearch_to_tsquery(${CONFIG}, ${rest}::text) && regexp_replace(
    websearch_to_tsquery(${CONFIG}, ${last}::text)::text, ${LEXEME}::text, ${'\\1:*'}::text, 'g')::tsquery)`;
}

export interface SearchRow extends MessageRow {
  /** The text as searched (`messages.search_text`), or null when that is `content` itself. */
  search_text: string | null;
  /** The searched text with every matched word between START and STOP. */
  headline: string;
}

export interface SearchPage {
  rows: SearchRow[];
  /** More results below the last row's id. */
  more: boolean;
}

/** Where the search's ways to the matches hand over to each other (see searchMessages). */
export interface SearchWays {
  /** How many of the room's newest messages (below the cursor) are first looked through for a common word. */
  recentWindow: number;
  /** Up to this many of the room's matches are taken from the index and sorted: past it, the word is common. */
  indexedCap: number;
  /** How far back, for a common word, the room is then walked newest first before every match is sorted. */
  walkWindow: number;
}

export const SEARCH_WAYS: SearchWays = { recentWindow: 300, indexedCap: 1500, walkWindow: 20_000 };

/**
 * A room's messages matching `q`, newest first, `limit` at most, below `beforeId` when given. One statement,
 * its ways to the matches chosen as it runs rather than by the planner (whose estimate for a prefix is a flat
 * guess), each taken only when the one before it did not answer (a one-time filter on its count), so each
 * costs about as many rows as its answer needs:
 *
 * 1. `recent`: the room's newest `recentWindow` messages below the cursor, on `(room_id, id)`, tested one by
 *    one until `limit` + 1 match: a word in one message out of fourteen or more.
 * 2. `indexed`: the room's matches from the GIN index on `(room_id, search)`, in the table's order, stopping
 *    at `indexedCap`: fewer than that are every match, of which the newest are kept.
 * 3. `walked`: a word with more matches than that is common enough to be met soon walking back from the
 *    newest message: as `recent`, on up to `walkWindow` messages (one in 1,000 suffices).
 * 4. `everything`: else (a word common long ago and rare since), every match, sorted.
 *
 * A rare word costs `recentWindow` rows and its matches; a common one a few hundred; the worst, a word just
 * under `indexedCap`'s share of a room, about `indexedCap` + its walk. All check membership as `pageMessages`
 * does; authors, quotes, reactions, mentions and the marked text are then added for the page's rows only.
 */
export async function searchMessages(
  db: Db,
  roomId: number,
  search: { q: string; beforeId?: number; limit: number; memberId: number },
  ways: SearchWays = SEARCH_WAYS,
): Promise<SearchPage> {
  const query = searchQuery(search.q);
  const below = Math.min(search.beforeId ?? MAX_ID, MAX_ID);
  const take = search.limit + 1;
  const member = isMember(roomId, search.memberId);
  const walk = (window: number, when: RawBuilder<unknown>) => sql`
      SELECT w.id FROM (
        SELECT id, search FROM messages
        WHERE room_id = ${plannedAsAnyRoom(roomId)} AND id < ${below} AND ${member} AND ${when}
        ORDER BY id DESC LIMIT ${window}
      ) AS w
      WHERE w.search @@ ${query}
      LIMIT ${take}`;
  const hits = sql<{ id: number }>`(
    WITH recent AS MATERIALIZED (${walk(ways.recentWindow, sql`true`)}
    ), indexed AS MATERIALIZED (
      SELECT id FROM messages
      WHERE room_id = ${roomId} AND search @@ ${query} AND id < ${below} AND ${member}
        AND (SELECT count(*) FROM recent) < ${take}
      LIMIT ${ways.indexedCap}
    ), walked AS MATERIALIZED (${walk(ways.walkWindow, sql`(SELECT count(*) FROM indexed) >= ${ways.indexedCap}`)}
    ), everything AS MATERIALIZED (
      SELECT id FROM messages
      WHERE room_id = ${roomId} AND search @@ ${query} AND id < ${below} AND ${member}
        AND (SELECT count(*) FROM indexed) >= ${ways.indexedCap} AND (SELECT count(*) FROM walked) < ${take}
      ORDER BY id + 0 DESC LIMIT ${take}
    )
    SELECT id FROM recent WHERE (SELECT count(*) FROM recent) >= ${take}
    UNION ALL
    SELECT id FROM indexed WHERE (SELECT count(*) FROM indexed) < ${ways.indexedCap}
    UNION ALL
    SELECT id FROM walked WHERE (SELECT count(*) FROM walked) >= ${take}
    UNION ALL
    SELECT id FROM everything
    ORDER BY id DESC LIMIT ${take})`;
  const rows = (await db
    .selectFrom(hits.as('h'))
    .innerJoin('messages as m', 'm.id', 'h.id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      ...messageColumns(),
      'm.search_text',
      sql<string>`ts_headline(
        ${CONFIG}, coalesce(m.search_text, m.content), ${query}, ${HEADLINE_OPTIONS}::text)`.as('headline'),
    ])
    .orderBy('m.id', 'desc')
    .execute()) as SearchRow[];
  return { rows: rows.slice(0, search.limit), more: rows.length > search.limit };
}

/**
 * The matched words' places in the searched text, from its marked copy: UTF-16 offsets (JavaScript string
 * indices), end exclusive, in order. Empty when the marked copy does not read back as the text. The searched
 * text is as long as the message's and keeps its read words where they are, so these are places in `content`.
 */
export function highlightsOf(searched: string, headline: string): { start: number; end: number }[] {
  const highlights: { start: number; end: number }[] = [];
  let plain = '';
  let at = 0;
  while (at < headline.length) {
    const start = headline.indexOf(START, at);
    if (start < 0) {
      plain += headline.slice(at);
      break;
    }
    const stop = headline.indexOf(STOP, start + START.length);
    if (stop < 0) return [];
    plain += headline.slice(at, start);
    const word = headline.slice(start + START.length, stop);
    highlights.push({ start: plain.length, end: plain.length + word.length });
    plain += word;
    at = stop + STOP.length;
  }
  return plain === searched ? highlights.filter((h) => h.end > h.start) : [];
}
