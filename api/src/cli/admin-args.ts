import { parseArgs } from 'node:util';

export const ADMIN_USAGE = `Usage: pnpm --filter @chat/api user:admin <username> [--revoke]
Makes the user a site administrator (it may do in any room, never a direct message, what the room's owner
may), or with --revoke no longer one. With the embedded database, stop the API first.`;

/** `<username> [--revoke]`; null for anything else. */
export function parseAdminArgs(argv: string[]): { username: string; admin: boolean } | null {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { revoke: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    const username = positionals[0]?.trim() ?? '';
    if (positionals.length !== 1 || !username || username.length > 64) return null;
    return { username, admin: values.revoke !== true };
  } catch {
    return null;
  }
}
