import { describe, expect, it } from '@rstest/core';
import { parseAdminArgs } from './admin-args';
import { AUDIT_LIMIT_DEFAULT, parseAuditArgs } from './audit-args';

describe('audit', () => {
  it('reads --room and --limit, and refuses anything else', () => {
    expect(parseAuditArgs([])).toEqual({ limit: AUDIT_LIMIT_DEFAULT });
    expect(parseAuditArgs(['--room', '12', '--limit', '5'])).toEqual({ roomId: 12, limit: 5 });
    expect(parseAuditArgs(['--limit', '10000'])).toEqual({ limit: 10000 });
    for (const bad of [
      ['--room', 'x'],
      ['--limit', '0'],
      ['--limit', '10001'],
      ['--room', '2147483648'],
      ['--other'],
    ]) {
      expect(parseAuditArgs(bad)).toBeNull();
    }
  });
});

describe('user:admin', () => {
  it('reads <username> [--revoke], and refuses anything else', () => {
    expect(parseAdminArgs(['ann'])).toEqual({ username: 'ann', admin: true });
    expect(parseAdminArgs(['ann', '--revoke'])).toEqual({ username: 'ann', admin: false });
    for (const bad of [[], ['a', 'b'], ['--revoke'], ['ann', '--other'], ['x'.repeat(65)]]) {
      expect(parseAdminArgs(bad)).toBeNull();
    }
  });
});
