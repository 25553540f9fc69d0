import { equalsIgnoringCase } from './text-match';

describe('equalsIgnoringCase', () => {
  it('escapes the LIKE wildcards and the escape character, so only the address itself matches', () => {
    expect(equalsIgnoringCase('jose_m@example.org')).toEqual({ equals: 'jose\\_m@example.org', mode: 'insensitive' });
    expect(equalsIgnoringCase('100%@example.org').equals).toBe('100\\%@example.org');
    expect(equalsIgnoringCase('a\\b@example.org').equals).toBe('a\\\\b@example.org');
  });

  it('leaves an ordinary address as typed (case is handled by the insensitive mode)', () => {
    expect(equalsIgnoringCase('Jose@Example.org')).toEqual({ equals: 'Jose@Example.org', mode: 'insensitive' });
  });
});
