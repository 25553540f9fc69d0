import { Logger } from '@nestjs/common';
import { STRIPE_API_VERSION } from '../src/config/stripe-api-version';
import { HANDLED_EVENT_TYPES } from '../src/donations/ledger/donation-ledger.service';
import { StripeSetupStartCheck } from '../src/stripe/stripe-setup-check';
import { assertCliBuilt, runCommand } from './exports.helpers';
import { portalConfiguration } from './support/stripe-portal-stub';
import {
  DOCUMENTED_WEBHOOK_EVENTS,
  STUB_WEBHOOK_URL,
  stripeProduct,
  StripeStub,
  webhookEndpoint,
} from './support/stripe-stub';
import { startTestStack } from './support/test-app';

/**
 * `npm run donations -- check-stripe` (the built command, as staff run it, with only the Stripe settings) against the
 * Stripe stand-in set up as docs/stripe-setup.md §2 and §5 ask, then with one setting wrong at a time; and the same
 * checks once at the web process's start.
 */
const SITE = 'https://www.stichting.test';

describe('npm run donations -- check-stripe', () => {
  let stripe: StripeStub;
  let key: string;
  beforeAll(() => assertCliBuilt());
  beforeEach(async () => {
    key = StripeStub.randomSecret();
    stripe = await new StripeStub(key).start();
    stripe.products.set('monthly_donation', stripeProduct('monthly_donation', { name: 'Maandelijkse donatie' }));
  });
  afterEach(() => stripe.stop());

  const check = async (env: Record<string, string> = {}, args: string[] = []) => {
    const run = await runCommand('donations', ['check-stripe', ...args], {
      STRIPE_SECRET_KEY: key,
      STRIPE_API_URL: stripe.url,
      PUBLIC_BASE_URL: SITE,
      ...env,
    });
    const lines = run.stdout.toString().trimEnd().split('\n');
    return { ...run, lines, problems: lines.filter((line) => line.startsWith('PROBLEM')) };
  };
  const portal = () => stripe.portal.defaultConfiguration!;
  const endpoint = () => stripe.webhookEndpoints[0];

  it('says OK to each setting of an account set up as docs/stripe-setup.md asks, and exits 0', async () => {
    // The stand-in's endpoint carries the events the docs list: the ones the ledger reads.
    expect([...DOCUMENTED_WEBHOOK_EVENTS].sort()).toEqual([...HANDLED_EVENT_TYPES].sort());
    const run = await check();
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.problems).toEqual([]);
    expect(run.lines).toEqual([
      'OK       product monthly_donation: exists and is active',
      ...[
        'donors can update their payment method',
        'donors cannot change their email address',
        "donors cannot change their gift's amount",
      ].map((line) => `OK       customer portal bpc_test_default (the account's default): ${line}`),
      ...[
        'enabled',
        `sends events in API version ${STRIPE_API_VERSION}`,
        `sends the ${HANDLED_EVENT_TYPES.length} events the site reads`,
      ].map((line) => `OK       webhook endpoint ${STUB_WEBHOOK_URL} (${endpoint().id}): ${line}`),
      'All 7 checks OK.',
    ]);
    // It only reads.
    expect(stripe.http.requests.map((request) => request.method)).toEqual(['GET', 'GET', 'GET']);
  });

  it('needs no PUBLIC_BASE_URL: then any endpoint ending in /api/stripe/webhook will do; a product not made yet is fine', async () => {
    stripe.products.clear();
    stripe.webhookEndpoints.splice(0, 1, webhookEndpoint({ url: 'https://donate.stichting.test/api/stripe/webhook' }));
    const run = await check({ PUBLIC_BASE_URL: '' });
    expect(run.code).toBe(0);
    expect(run.lines[0]).toBe('OK       product monthly_donation: not in Stripe yet; the first donation creates it');
  });

  it('accepts an endpoint that sends every event ("*"), and judges the best of several with the site URL', async () => {
    endpoint().enabled_events = ['*'];
    // A newer one, listed first, that was disabled.
    stripe.webhookEndpoints.push(webhookEndpoint({ status: 'disabled' }));
    const run = await check();
    expect(run.code).toBe(0);
    expect(run.lines.filter((line) => line.includes(endpoint().id))).toHaveLength(3);
  });

  const wrong: [string, () => void, Record<string, string>, RegExp][] = [
    [
      'an archived product',
      () => stripe.products.set('monthly_donation', stripeProduct('monthly_donation', { active: false })),
      {},
      /^PROBLEM {2}product monthly_donation: archived, .*"Unarchive"/,
    ],
    [
      'a portal without payment method updates',
      () => (portal().features.payment_method_update.enabled = false),
      {},
      /^PROBLEM {2}customer portal bpc_test_default .*: donors cannot update their payment method .*turn on "Payment methods" in Settings > Billing > Customer portal$/,
    ],
    [
      'a portal that lets donors change their email address',
      () => (portal().features.customer_update.allowed_updates = ['email', 'address']),
      {},
      /: donors can change their email address, .*turn off "Email"/,
    ],
    [
      'a portal that lets donors switch plans',
      () => (portal().features.subscription_update.enabled = true),
      {},
      /: donors can switch plans or quantities, .*turn off subscription updates/,
    ],
    [
      'an inactive portal configuration',
      () => stripe.portal.configurations.push(portalConfiguration({ id: 'bpc_test_inactive', active: false })),
      { STRIPE_PORTAL_CONFIGURATION_ID: 'bpc_test_inactive' },
      /^PROBLEM {2}customer portal bpc_test_inactive \(STRIPE_PORTAL_CONFIGURATION_ID\): not active/,
    ],
    [
      'an unknown STRIPE_PORTAL_CONFIGURATION_ID',
      () => undefined,
      { STRIPE_PORTAL_CONFIGURATION_ID: 'bpc_test_gone' },
      /^PROBLEM {2}customer portal bpc_test_gone: STRIPE_PORTAL_CONFIGURATION_ID names no configuration/,
    ],
    [
      'an account without a default portal configuration',
      () => stripe.portal.configurations.splice(0),
      {},
      /^PROBLEM {2}customer portal: the account has no default configuration: save the portal settings once/,
    ],
    [
      'no endpoint with the site URL',
      () =>
        stripe.webhookEndpoints.splice(
          0,
          1,
          webhookEndpoint({ url: 'https://staging.stichting.test/api/stripe/webhook' }),
        ),
      {},
      new RegExp(
        `^PROBLEM  webhook endpoint ${SITE}/api/stripe/webhook: the account has no endpoint with this URL \\(it has https://staging.stichting.test/api/stripe/webhook\\): add one in Developers > Webhooks`,
      ),
    ],
    [
      'a disabled endpoint',
      () => (endpoint().status = 'disabled'),
      {},
      /^PROBLEM {2}webhook endpoint \S+ \(we_\w+\): disabled, so Stripe sends the site nothing: enable it in Developers > Webhooks/,
    ],
    [
      'an endpoint in another API version',
      () => (endpoint().api_version = '2025-03-31.basil'),
      {},
      new RegExp(
        `: sends events in API version 2025-03-31.basil, .*set the endpoint's API version to ${STRIPE_API_VERSION}`,
      ),
    ],
    [
      'an endpoint without some of the events',
      () =>
        (endpoint().enabled_events = DOCUMENTED_WEBHOOK_EVENTS.filter((type) => !type.startsWith('charge.dispute'))),
      {},
      /: does not send charge.dispute.created, charge.dispute.updated, charge.dispute.closed, charge.dispute.funds_reinstated: add them to the endpoint's events/,
    ],
  ];

  it.each(wrong)('reports %s in its own PROBLEM line and exits 1', async (_label, spoil, env, line) => {
    spoil();
    const run = await check(env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.problems).toEqual([expect.stringMatching(line)]);
    expect(run.lines.at(-1)).toBe('1 problem: change what the PROBLEM lines say, then run this again.');
  });

  it('reports a part a restricted key may not read as a problem of that part', async () => {
    stripe.forbidden.add('GET /v1/webhook_endpoints');
    const run = await check();
    expect(run.code).toBe(1);
    expect(run.problems).toEqual([
      expect.stringMatching(
        /^PROBLEM {2}webhook endpoint: STRIPE_SECRET_KEY may not read it \(.*\): give the restricted key read access to Webhook Endpoints/,
      ),
    ]);
  });

  it('exits 2 on wrong arguments, 0 for --help, and 1 in one line without a key or when Stripe is out of reach', async () => {
    const unknown = await check({}, ['--fix']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('Unknown option --fix.\nRun `npm run donations -- check-stripe --help` for usage.\n');
    const help = await check({}, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout.toString()).toContain('Usage: npm run donations -- check-stripe');

    const noKey = await runCommand('donations', ['check-stripe'], {});
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('STRIPE_SECRET_KEY is required');
    const placeholder = await check({ STRIPE_SECRET_KEY: 'sk_test_replace_me' });
    expect(placeholder.code).toBe(1);
    expect(placeholder.stderr).toContain('STRIPE_SECRET_KEY is a placeholder');
    const down = await check({ STRIPE_API_URL: 'http://127.0.0.1:9' });
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/^Could not ask Stripe: .+\n$/);
    expect(down.stdout.toString()).toBe('');
  });

  it('lists the subcommand in `npm run donations -- --help`', async () => {
    const help = await runCommand('donations', ['--help']);
    expect(help.stdout.toString()).toMatch(/^ {2}check-stripe {1,}check the Stripe account's settings/m);
  });
});

describe('the Stripe setup check when the web process starts', () => {
  const spies = () => ({
    warn: jest.spyOn(Logger.prototype, 'warn'),
    log: jest.spyOn(Logger.prototype, 'log'),
    debug: jest.spyOn(Logger.prototype, 'debug'),
  });
  type Spies = ReturnType<typeof spies>;
  /** The check's own calls at `level`: the ones whose first argument carries its event, or that name it. */
  const calls = (spy: Spies[keyof Spies]) =>
    spy.mock.calls.filter(
      ([first]) =>
        (typeof first === 'object' &&
          first !== null &&
          String((first as { event?: string }).event).startsWith('stripe_setup')) ||
        (typeof first === 'string' && first.startsWith('Stripe setup')),
    );

  async function startWith(env: Record<string, string>) {
    const logged = spies();
    const stack = await startTestStack(env);
    try {
      await stack.app.get(StripeSetupStartCheck).done;
      return {
        warn: calls(logged.warn),
        log: calls(logged.log),
        debug: calls(logged.debug),
        stripeRequests: stack.stripe.http.requests.length,
      };
    } finally {
      for (const spy of Object.values(logged)) spy.mockRestore();
      await stack.close();
    }
  }

  it('logs one info line when all is well, without holding the start', async () => {
    const start = await startWith({});
    expect(start.warn).toEqual([]);
    expect(start.log).toEqual([[{ event: 'stripe_setup_checked' }, expect.stringMatching(/^Stripe setup checked/)]]);
  });

  it('logs a warning line per problem', async () => {
    const start = await startWith({
      STRIPE_PORTAL_CONFIGURATION_ID: 'bpc_test_gone',
      PUBLIC_BASE_URL: 'https://elsewhere.stichting.test',
    });
    expect(start.warn).toEqual([
      [
        { event: 'stripe_setup_problem', check: 'customer portal bpc_test_gone' },
        expect.stringMatching(
          /^Stripe setup: customer portal bpc_test_gone: STRIPE_PORTAL_CONFIGURATION_ID names no configuration/,
        ),
      ],
      [
        {
          event: 'stripe_setup_problem',
          check: 'webhook endpoint https://elsewhere.stichting.test/api/stripe/webhook',
        },
        expect.stringMatching(/the account has no endpoint with this URL/),
      ],
    ]);
    expect(start.log).toEqual([]);
  });

  it('logs only a debug line when Stripe cannot be reached, or the key is a placeholder (and then asks nothing)', async () => {
    const down = await startWith({ STRIPE_API_URL: 'http://127.0.0.1:9' });
    expect([down.warn, down.log]).toEqual([[], []]);
    expect(down.debug).toEqual([[expect.stringMatching(/^Stripe setup not checked: Stripe could not be asked/)]]);
    const placeholder = await startWith({ STRIPE_SECRET_KEY: 'sk_test_replace_me' });
    expect([placeholder.warn, placeholder.log]).toEqual([[], []]);
    expect(placeholder.debug).toEqual([['Stripe setup not checked: STRIPE_SECRET_KEY is a placeholder']]);
    expect(placeholder.stripeRequests).toBe(0);
  });
});
