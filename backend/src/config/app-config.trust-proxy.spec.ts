import { testEnv } from '../../test/support/test-env';
import { ConfigError, loadConfig } from './app-config';

/** TRUST_PROXY decides which address every per-client limit counts: only values that cannot be forged pass. */
describe('TRUST_PROXY', () => {
  const env = (value: string | undefined) => ({
    ...testEnv({
      databaseUrl: 'postgresql://postgres@127.0.0.1:5432/site',
      smtpUrl: 'smtp://127.0.0.1:2525',
      turnstileVerifyUrl: 'http://127.0.0.1:9/siteverify',
      stripeApiUrl: 'http://127.0.0.1:9',
      stripeSecretKey: 'sk_test_123',
    }),
    TRUST_PROXY: value,
  });
  const problems = (value: string) => {
    try {
      loadConfig(env(value));
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', 0],
    ['1', 1],
    [' 2 ', 2],
    ['10.0.0.1', '10.0.0.1'],
    ['10.0.0.0/8, 172.16.0.0/12', '10.0.0.0/8,172.16.0.0/12'],
    ['loopback,fd00::/8', 'loopback,fd00::/8'],
    ['uniquelocal, linklocal, 2001:db8::1', 'uniquelocal,linklocal,2001:db8::1'],
  ])('accepts %p as %p', (value, expected) => {
    expect(loadConfig(env(value)).site.trustProxy).toBe(expected);
  });

  it('refuses "true", which would let any client choose its address with X-Forwarded-For', () => {
    expect(problems('true')).toEqual([expect.stringMatching(/^TRUST_PROXY=true .*X-Forwarded-For.*number of proxies/)]);
    expect(problems('TRUE')).toHaveLength(1);
  });

  it.each([['yes'], ['-1'], ['1.5'], ['10.0.0.0/33'], ['300.1.1.1'], ['10.0.0.1,'], ['proxy.example.org'], ['*']])(
    'refuses %p with a message naming the variable',
    (value) => {
      expect(problems(value)).toEqual([expect.stringContaining(`TRUST_PROXY must be`)]);
      expect(problems(value)[0]).toContain(`(got "${value}")`);
    },
  );
});
