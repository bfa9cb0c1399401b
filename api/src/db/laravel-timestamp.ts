import { type RawBuilder, sql } from 'kysely';

/** Formats a timestamptz the way Laravel serialises dates: `2026-11-21T10:00:00.000000Z` (UTC, microseconds). */
export function laravelTimestamp(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
