import { describe, expect, it } from 'vitest';
import { checkTarget, refusalOfAddress, TargetRefused, type Resolve } from './target.js';

/** A resolver that answers from a table and never sends a packet. */
const table =
  (entries: Record<string, string[]>): Resolve =>
  async (host) => {
    const found = entries[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const reasonOf = (url: string, resolve: Resolve = table({}), allowPrivate = false) =>
  checkTarget(url, { resolve, allowPrivate }).then(
    () => null,
    (err: unknown) => (err instanceof TargetRefused ? err.reason : `unexpected: ${String(err)}`),
  );

describe('webhook targets (DESIGN §4c, no request forgery)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['169.254.1.1', 'link_local'],
    ['fe80::1', 'link_local'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['0.0.0.0', 'reserved'],
    ['::', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['64:ff9b::a00:1', 'reserved'],
    ['2001:db8::1', 'reserved'],
  ])('refuses %s as %s', (address, reason) => {
    expect(refusalOfAddress(address)).toBe(reason);
  });

  it.each(['93.184.215.14', '145.97.39.155', '2a00:1450:400e:80f::200e', '172.32.0.1', '100.128.0.1'])(
    'accepts the public address %s',
    (address) => {
      expect(refusalOfAddress(address)).toBeNull();
    },
  );

  it('refuses each class in a URL, literal or behind a name, and plain http', async () => {
    const dns = table({
      'hooks.example.nl': ['93.184.215.14'],
      'intranet.example.nl': ['10.0.0.7'],
      'mixed.example.nl': ['93.184.215.14', '192.168.0.2'],
      'metadata.example.nl': ['169.254.169.254'],
      'rebound.example.nl': ['127.0.0.1'],
    });
    expect(await reasonOf('https://hooks.example.nl/in', dns)).toBeNull();
    expect(await reasonOf('http://hooks.example.nl/in', dns)).toBe('not_https');
    expect(await reasonOf('https://127.0.0.1/in', dns)).toBe('loopback');
    expect(await reasonOf('https://[::1]:8443/in', dns)).toBe('loopback');
    expect(await reasonOf('https://[::ffff:127.0.0.1]/in', dns)).toBe('loopback');
    // Odd spellings of an IPv4 address are normalised by the URL parser first.
    expect(await reasonOf('https://2130706433/in', dns)).toBe('loopback');
    expect(await reasonOf('https://0x7f.1/in', dns)).toBe('loopback');
    expect(await reasonOf('https://intranet.example.nl/in', dns)).toBe('private');
    expect(await reasonOf('https://mixed.example.nl/in', dns)).toBe('private');
    expect(await reasonOf('https://169.254.169.254/latest/meta-data', dns)).toBe('metadata');
    expect(await reasonOf('https://metadata.example.nl/', dns)).toBe('metadata');
    expect(await reasonOf('https://[fe80::1]/', dns)).toBe('link_local');
    expect(await reasonOf('https://rebound.example.nl/', dns)).toBe('loopback');
    expect(await reasonOf('https://nowhere.example.nl/', dns)).toBe('unresolvable');
    expect(await reasonOf('https://user:pw@hooks.example.nl/', dns)).toBe('credentials');
  });

  it('allows private targets and plain http with WEBHOOK_ALLOW_PRIVATE, never the metadata service', async () => {
    const dns = table({ 'intranet.example.nl': ['10.0.0.7'] });
    expect(await reasonOf('http://127.0.0.1:8080/in', dns, true)).toBeNull();
    expect(await reasonOf('http://intranet.example.nl/in', dns, true)).toBeNull();
    expect(await reasonOf('http://169.254.169.254/', dns, true)).toBe('metadata');
    expect(await reasonOf('https://nowhere.example.nl/', dns, true)).toBe('unresolvable');
  });
});
