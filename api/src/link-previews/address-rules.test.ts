import { describe, expect, it } from '@rstest/core';
import { isPublicAddress, parseAllowList } from './address-rules';

describe('the address rule', () => {
  it('admits global unicast addresses only, judging mapped IPv4 as IPv4', () => {
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'])
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      'not an address',
    ])
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
  });

  it('lets allow-listed hosts, addresses and ranges through, on 80 and 443 unless a port is named', () => {
    const list = parseAllowList('intranet.test, 10.1.0.0/16, 127.0.0.1:8080, [::1]:9090');
    expect(list.permits({ hostname: 'INTRANET.test', address: '10.9.9.9', port: 443 })).toBe(true);
    expect(list.permits({ hostname: 'intranet.test', address: '10.9.9.9', port: 8443 })).toBe(false);
    expect(list.permits({ hostname: 'x.test', address: '10.1.2.3', port: 80 })).toBe(true);
    expect(list.permits({ hostname: 'x.test', address: '10.2.0.1', port: 80 })).toBe(false);
    expect(list.permits({ hostname: 'x.test', address: '127.0.0.1', port: 8080 })).toBe(true);
    expect(list.permits({ hostname: 'x.test', address: '127.0.0.1', port: 80 })).toBe(false);
    expect(list.permits({ hostname: '[::1]', address: '::1', port: 9090 })).toBe(true);
    expect(list.hasPort(8080)).toBe(true);
    expect(list.hasPort(8081)).toBe(false);
    expect(() => parseAllowList('10.0.0.0/99')).toThrow();
  });
});
