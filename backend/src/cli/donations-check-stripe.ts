import { Inject, Injectable, Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigError, type Env, type StripeAccess } from '../config/app-config';
import { STRIPE_ACCESS } from '../config/config.module';
import { isPlaceholderSecret } from '../config/published-secrets';
import { readSettings } from '../config/settings';
import { STRIPE_API_VERSION } from '../config/stripe-api-version';
import { StripeSetupCheck, type SetupCheck, type StripeSetupSettings } from '../stripe/stripe-setup-check';
import { StripeClient } from '../stripe/stripe.client';
import { parseCommandLine, UsageError } from './cli-runner';

const INVOCATION = 'npm run donations -- check-stripe';

const USAGE = `Usage: ${INVOCATION}

Checks the Stripe account's settings the website relies on and prints one line per check:
OK, or PROBLEM and what to change (docs/stripe-setup.md §2 and §5). Changes nothing.
  - the donation product (STRIPE_DONATION_PRODUCT_ID, default monthly_donation) is active
  - the customer portal (STRIPE_PORTAL_CONFIGURATION_ID, or the account's default) lets donors
    cancel, update their payment method and see their invoices, and not change their email
    address, switch plans or quantities, or pause
  - the webhook endpoint <PUBLIC_BASE_URL>/api/stripe/webhook is enabled, sends events in
    API version ${STRIPE_API_VERSION} (the one this build reads) and every event the site reads

Options:
  --help   show this text

Needs STRIPE_SECRET_KEY; reads STRIPE_DONATION_PRODUCT_ID, STRIPE_PORTAL_CONFIGURATION_ID and
PUBLIC_BASE_URL when they are set (without PUBLIC_BASE_URL, any endpoint whose URL ends in
/api/stripe/webhook will do). No database needed. Exit code 0: all OK; 1: a problem, or Stripe
could not be asked; 2: wrong arguments.

Example:
  PUBLIC_BASE_URL=https://www.example.org ${INVOCATION}`;

/** What the command reads: the key (and test stand-in) and the settings the checks compare with. */
interface CheckStripeConfig {
  access: StripeAccess;
  settings: StripeSetupSettings;
}

/**
 * The Stripe settings alone, checked as the web process checks them; PUBLIC_BASE_URL only when set, so staff can run
 * this anywhere with just the key.
 */
function loadCheckStripeConfig(env: Env): CheckStripeConfig {
  const problems: string[] = [];
  const values = readSettings(env, problems, [
    'STRIPE_SECRET_KEY',
    'STRIPE_API_URL',
    'STRIPE_DONATION_PRODUCT_ID',
    'STRIPE_PORTAL_CONFIGURATION_ID',
  ]);
  const publicBaseUrl = env.PUBLIC_BASE_URL?.trim() ? readSettings(env, problems, ['PUBLIC_BASE_URL']) : undefined;
  if (values.STRIPE_SECRET_KEY && isPlaceholderSecret(values.STRIPE_SECRET_KEY)) {
    problems.push("STRIPE_SECRET_KEY is a placeholder: set the account's secret key (sk_live_… or sk_test_…)");
  }
  if (values.STRIPE_SECRET_KEY.startsWith('sk_live_') && values.STRIPE_API_URL) {
    problems.push('STRIPE_API_URL must not be set together with a live Stripe key');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    access: {
      secretKey: values.STRIPE_SECRET_KEY,
      apiUrl: values.STRIPE_API_URL,
      donationProductId: values.STRIPE_DONATION_PRODUCT_ID,
    },
    settings: {
      donationProductId: values.STRIPE_DONATION_PRODUCT_ID,
      portalConfigurationId: values.STRIPE_PORTAL_CONFIGURATION_ID,
      publicBaseUrl: publicBaseUrl?.PUBLIC_BASE_URL,
    },
  };
}

/** The report as staff read it: one line per check, then what it adds up to. */
export function formatChecks(checks: SetupCheck[]): string {
  const lines = checks.map(({ subject, ok, detail }) => `${ok ? 'OK     ' : 'PROBLEM'}  ${subject}: ${detail}`);
  const wrong = checks.filter((check) => !check.ok).length;
  lines.push(
    wrong === 0
      ? `All ${checks.length} checks OK.`
      : `${wrong} problem${wrong === 1 ? '' : 's'}: change what the PROBLEM lines say, then run this again.`,
  );
  return `${lines.join('\n')}\n`;
}

const SETTINGS = Symbol('CHECK_STRIPE_SETTINGS');

@Injectable()
class CheckStripeCommand {
  constructor(
    private readonly check: StripeSetupCheck,
    @Inject(SETTINGS) private readonly settings: StripeSetupSettings,
  ) {}

  /** Prints the report; true when every check is OK. */
  async run(): Promise<boolean> {
    const checks = await this.check.run(this.settings);
    process.stdout.write(formatChecks(checks));
    return checks.every((check) => check.ok);
  }
}

/** Only the Stripe client and the checks: no database, queue or web server. */
@Module({})
class CheckStripeCliModule {
  static forConfig({ access, settings }: CheckStripeConfig): DynamicModule {
    return {
      module: CheckStripeCliModule,
      providers: [
        { provide: STRIPE_ACCESS, useValue: access },
        { provide: SETTINGS, useValue: settings },
        StripeClient,
        StripeSetupCheck,
        CheckStripeCommand,
      ],
    };
  }
}

/**
 * `npm run donations -- check-stripe`: the Stripe account's settings against what the site relies on
 * (docs/stripe-setup.md §2). Built like the other staff commands (cli-runner.ts: arguments first, one line on error,
 * exit codes 0/1/2) but it needs no database, so it runs wherever the Stripe key is.
 */
export function runCheckStripe(argv: string[], env: Env = process.env): void {
  void checkStripe(argv, env).then((code) => {
    process.exitCode = code;
  });
}

async function checkStripe(argv: string[], env: Env): Promise<number> {
  try {
    const { values } = parseCommandLine(argv, { help: { type: 'boolean', short: 'h' } });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const config = loadCheckStripeConfig(env);
    const context = await NestFactory.createApplicationContext(CheckStripeCliModule.forConfig(config), {
      logger: false,
      abortOnError: false,
    });
    try {
      return (await context.get(CheckStripeCommand).run()) ? 0 : 1;
    } finally {
      await context.close();
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\nRun \`${INVOCATION} --help\` for usage.\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      `${error instanceof ConfigError ? message : `Could not ask Stripe: ${message.split('\n')[0]}`}\n`,
    );
    return 1;
  }
}
