// The browser-safe address rule agrees with Node's own parser and BlockList (what the server used
// before the rule moved to core/domain), on the forms an administrator types and a socket reports.
import assert from 'node:assert/strict';
import { BlockList, isIP } from 'node:net';
import { describe, test } from 'node:test';
import { ipMatches, parseIpOrRange } from './ip-addresses';

const ADDRESSES = [
  '203.0.113.7',
  '10.1.2.3',
  '0.0.0.0',
  '255.255.255.255',
  '2001:db8::1',
  '2001:DB8:0:0:0:0:0:1',
  '::1',
  '::',
  'fe80::1:2',
  '::ffff:203.0.113.7',
  '::ffff:10.1.2.3',
  '1:2:3:4:5:6:7:8',
  '1::8',
  '1:2:3:4:5:6:1.2.3.4',
];
const NOT_ADDRESSES = [
  '',
  '256.1.1.1',
  '1.2.3',
  '1.2.3.4.5',
  '01.2.3.4',
  '1.2.3.4 ',
  'a.b.c.d',
  ':::',
  '1:2:3:4:5:6:7:8:9',
  '1::2::3',
  '12345::',
  'gggg::',
  '1:2:3:4:5:6:7::8',
  'fe80::1%eth0',
  'example.com',
];

describe('IP addresses (core/domain)', () => {
  test('an address parses exactly when Node reads it as one', () => {
    for (const text of ADDRESSES) {
      assert.ok(isIP(text), `node reads ${text}`);
      assert.equal(parseIpOrRange(text), text.toLowerCase(), text);
    }
    for (const text of NOT_ADDRESSES.filter((t) => t.trim() === t))
      assert.equal(parseIpOrRange(text), null, `refused: ${JSON.stringify(text)}`);
    // Node reads a zone id as IPv6; an allow list does not take one.
    assert.equal(parseIpOrRange('fe80::1%eth0'), null);
  });

  test('ranges: the prefix within the family, written as a plain number', () => {
    assert.equal(parseIpOrRange(' 10.0.0.0/8 '), '10.0.0.0/8');
    assert.equal(parseIpOrRange('2001:DB8::/032'), '2001:db8::/32');
    assert.equal(parseIpOrRange('10.0.0.0/33'), null);
    assert.equal(parseIpOrRange('2001:db8::/129'), null);
    assert.equal(parseIpOrRange('10.0.0.0/8/1'), null);
    assert.equal(parseIpOrRange('10.0.0.0/x'), null);
  });

  test('matching agrees with BlockList, IPv4-mapped addresses folded to IPv4', () => {
    const entries = [
      '10.0.0.0/8',
      '203.0.113.7',
      '2001:db8::/32',
      '::ffff:198.51.100.9',
      '192.168.1.128/25',
      'fe80::1:2',
    ];
    const reference = new BlockList();
    const plain = (ip: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
    for (const entry of entries) {
      const [base = '', prefix] = entry.split('/');
      const type = isIP(plain(base)) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) reference.addAddress(plain(base), type);
      else reference.addSubnet(base, Number(prefix), isIP(base) === 6 ? 'ipv6' : 'ipv4');
    }
    const clients = [
      '10.200.3.4',
      '11.0.0.1',
      '::ffff:10.9.9.9',
      '203.0.113.7',
      '::ffff:203.0.113.7',
      '203.0.113.8',
      '2001:db8:ffff::1',
      '2001:db9::1',
      '198.51.100.9',
      '192.168.1.200',
      '192.168.1.127',
      'FE80::1:2',
      'fe80::1:3',
      'not an address',
    ];
    for (const client of clients) {
      const address = plain(client);
      const family = isIP(address);
      const expected = family ? reference.check(address, family === 6 ? 'ipv6' : 'ipv4') : false;
      assert.equal(ipMatches(entries, client), expected, client);
    }
  });
});
