import { addressKey } from './address-key';

describe('addressKey: what a client is counted by in the rate limits', () => {
  it('counts an IPv4 address as itself, also when it arrives IPv4-mapped', () => {
    expect(addressKey('203.0.113.10')).toBe('203.0.113.10');
    expect(addressKey('::ffff:203.0.113.10')).toBe('203.0.113.10');
    expect(addressKey('::FFFF:cb00:710a')).toBe('203.0.113.10');
    expect(addressKey('203.0.113.11')).not.toBe(addressKey('203.0.113.10'));
  });

  it('counts IPv6 addresses of one /64 as one client, however they are written', () => {
    const key = addressKey('2001:db8:1:2::1');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe(key);
    expect(addressKey('2001:0DB8:0001:0002:0:0:0:ffff')).toBe(key);
    expect(addressKey('2001:db8:1:2::1%eth0')).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('2001:db8::1')).not.toBe(key);
    expect(addressKey('::1')).not.toBe(key);
  });

  it('leaves anything that is not an IP address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
    expect(addressKey('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});
