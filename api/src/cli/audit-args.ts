import { parseArgs } from 'node:util';
import { MAX_ID } from '../db/schema';

export const AUDIT_USAGE =
  'Usage: pnpm --filter @chat/api audit [--room ID] [--limit N] (N from 1 to 10000, default 50)';
export const AUDIT_LIMIT_DEFAULT = 50;
const AUDIT_LIMIT_MAX = 10_000;

/** `--room ID` (one room's records only) and `--limit N`; null when either is not a whole number in range. */
export function parseAuditArgs(argv: string[]): { roomId?: number; limit: number } | null {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { room: { type: 'string' }, limit: { type: 'string' } },
      strict: true,
    }));
  } catch {
    return null;
  }
  const whole = (text: unknown, max: number) => {
    if (typeof text !== 'string' || !/^[1-9][0-9]*$/.test(text)) return null;
    const n = Number(text);
    return n <= max ? n : null;
  };
  const limit = values.limit === undefined ? AUDIT_LIMIT_DEFAULT : whole(values.limit, AUDIT_LIMIT_MAX);
  const roomId = values.room === undefined ? undefined : whole(values.room, MAX_ID);
  if (limit === null || roomId === null) return null;
  return roomId === undefined ? { limit } : { roomId, limit };
}
