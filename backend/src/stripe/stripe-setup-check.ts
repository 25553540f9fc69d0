import { Inject, Injectable, Logger, type OnApplicationBootstrap, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import Stripe from 'stripe';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { isLoopbackUrl } from '../config/parse';
import { isPlaceholderSecret } from '../config/published-secrets';
import { STRIPE_API_VERSION } from '../config/stripe-api-version';
import { HANDLED_EVENT_TYPES } from '../donations/ledger/donation-ledger.service';
import { StripeClient } from './stripe.client';

/** The path of the site's webhook (POST /api/stripe/webhook). */
export const WEBHOOK_PATH = '/api/stripe/webhook';

/** What the checks read: the settings of the same names (STRIPE_DONATION_PRODUCT_ID, …). */
export interface StripeSetupSettings {
  donationProductId: string;
  /** STRIPE_PORTAL_CONFIGURATION_ID; the account's default configuration when undefined. */
  portalConfigurationId: string | undefined;
  /** PUBLIC_BASE_URL; when undefined any endpoint whose URL ends in /api/stripe/webhook will do. */
  publicBaseUrl: string | undefined;
}

/** One check: what was looked at, whether it is as the site needs, and what was found (and, if not, what to change). */
export interface SetupCheck {
  subject: string;
  ok: boolean;
  detail: string;
}

const ok = (subject: string, detail: string): SetupCheck => ({ subject, ok: true, detail });
const problem = (subject: string, detail: string): SetupCheck => ({ subject, ok: false, detail });

/**
 * The Stripe Dashboard settings the design relies on (docs/stripe-setup.md §2 and §5), read with the API: the donation
 * product, the customer portal donors' manage links open, and the webhook endpoint. Three reads, nothing changed; used
 * by `npm run donations -- check-stripe` and once at the web process's start. A key that may not read one of them (a
 * restricted key) is a problem of that part; Stripe unreachable, or refusing the key, fails the whole run.
 */
@Injectable()
export class StripeSetupCheck {
  constructor(private readonly stripe: StripeClient) {}

  async run(settings: StripeSetupSettings): Promise<SetupCheck[]> {
    const parts = await Promise.all([
      this.part('product', 'Products', () => this.product(settings.donationProductId)),
      this.part('customer portal', 'Customer portal', () => this.portal(settings.portalConfigurationId)),
      this.part('webhook endpoint', 'Webhook Endpoints', () => this.webhook(settings.publicBaseUrl)),
    ]);
    return parts.flat();
  }

  /** One part's checks; a permission error (a restricted key without read access) is that part's one problem. */
  private async part(subject: string, resource: string, checks: () => Promise<SetupCheck[]>): Promise<SetupCheck[]> {
    try {
      return await checks();
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripePermissionError)) throw error;
      return [
        problem(
          subject,
          `STRIPE_SECRET_KEY may not read it (${error.message}): give the restricted key read access to ${resource}, or check it by hand (docs/stripe-setup.md §2)`,
        ),
      ];
    }
  }

  private async product(id: string): Promise<SetupCheck[]> {
    const subject = `product ${id}`;
    const product = await this.stripe.retrieveProduct(id);
    if (!product) return [ok(subject, 'not in Stripe yet; the first donation creates it')];
    if (product.active) return [ok(subject, 'exists and is active')];
    return [
      problem(
        subject,
        `archived, and Checkout makes no price for an archived product: the next donation makes it active again; to do it now, in the Dashboard open Product catalog, show archived products, open ${id} and choose "Unarchive"`,
      ),
    ];
  }

  private async portal(configuredId: string | undefined): Promise<SetupCheck[]> {
    const configuration = await this.stripe.portalConfiguration(configuredId);
    if (!configuration) {
      return [
        configuredId
          ? problem(
              `customer portal ${configuredId}`,
              'STRIPE_PORTAL_CONFIGURATION_ID names no configuration of this account: put the id (bpc_…) of one of its configurations there, or unset it to use the default one',
            )
          : problem(
              'customer portal',
              'the account has no default configuration: save the portal settings once in Settings > Billing > Customer portal (docs/stripe-setup.md §5)',
            ),
      ];
    }
    const subject = configuredId
      ? `customer portal ${configuration.id} (STRIPE_PORTAL_CONFIGURATION_ID)`
      : `customer portal ${configuration.id} (the account's default)`;
    // The Dashboard's Customer portal page edits the default configuration; another one is changed through the API.
    const where = configuration.is_default
      ? 'in Settings > Billing > Customer portal'
      : `in configuration ${configuration.id} (made through the API: update it there, or unset STRIPE_PORTAL_CONFIGURATION_ID to use the Dashboard's default one)`;
    if (!configuration.active) {
      return [
        problem(
          subject,
          'not active, so manage links cannot open it: activate it, or point STRIPE_PORTAL_CONFIGURATION_ID to an active one',
        ),
      ];
    }
    const features = configuration.features;
    const emailChangeable =
      features.customer_update.enabled && features.customer_update.allowed_updates.includes('email');
    const expectations: [boolean, string, string][] = [
      [
        features.payment_method_update.enabled,
        'donors can update their payment method',
        `donors cannot update their payment method (a new card or bank account): turn on "Payment methods" ${where}`,
      ],
      [
        !emailChangeable,
        'donors cannot change their email address',
        `donors can change their email address, which is how the site finds their gifts: under "Customer information" turn off "Email" ${where}`,
      ],
      [
        !features.subscription_update.enabled,
        "donors cannot change their gift's amount",
        `donors can switch plans or quantities, past the site's limits on a monthly gift: turn off subscription updates ("Customers can switch plans") ${where}; donors change the amount on their own page (docs/product.md §7.10)`,
      ],
    ];
    return expectations.map(([good, fine, wrong]) => (good ? ok(subject, fine) : problem(subject, wrong)));
  }

  private async webhook(publicBaseUrl: string | undefined): Promise<SetupCheck[]> {
    const url = publicBaseUrl === undefined ? undefined : `${publicBaseUrl}${WEBHOOK_PATH}`;
    if (url !== undefined && isLoopbackUrl(url)) {
      return [
        ok(
          `webhook endpoint ${url}`,
          'not checked: PUBLIC_BASE_URL is this machine, which Stripe cannot reach (`stripe listen` forwards events on a workstation, docs/stripe-setup.md §7)',
        ),
      ];
    }
    const endpoints = await this.stripe.listWebhookEndpoints();
    const matching = endpoints.filter((endpoint) =>
      url === undefined ? endpoint.url.endsWith(WEBHOOK_PATH) : endpoint.url === url,
    );
    if (matching.length === 0) {
      const wanted = url ?? `https://<your site>${WEBHOOK_PATH}`;
      const others = endpoints.length === 0 ? 'it has none' : `it has ${endpoints.map((e) => e.url).join(', ')}`;
      return [
        problem(
          `webhook endpoint ${wanted}`,
          `the account has no endpoint with this URL (${others}): add one in Developers > Webhooks with URL ${wanted}, API version ${STRIPE_API_VERSION} and the events of docs/stripe-setup.md §2, and put its signing secret in STRIPE_WEBHOOK_SECRET`,
        ),
      ];
    }
    // Of several endpoints with that URL, the one closest to right is reported.
    const reports = matching.map((endpoint) => endpointChecks(endpoint));
    return reports.reduce((best, report) => (problems(report) < problems(best) ? report : best));
  }
}

const problems = (checks: SetupCheck[]) => checks.filter((check) => !check.ok).length;

function endpointChecks(endpoint: Stripe.WebhookEndpoint): SetupCheck[] {
  const subject = `webhook endpoint ${endpoint.url} (${endpoint.id})`;
  const where = 'in Developers > Webhooks';
  const events = new Set(endpoint.enabled_events);
  const missing = events.has('*') ? [] : HANDLED_EVENT_TYPES.filter((type) => !events.has(type));
  const version = endpoint.api_version ?? "the account's default";
  return [
    endpoint.status === 'enabled'
      ? ok(subject, 'enabled')
      : problem(
          subject,
          `${endpoint.status}, so Stripe sends the site nothing: enable it ${where} (the daily reconciliation applies what was missed, docs/stripe-setup.md §4)`,
        ),
    endpoint.api_version === STRIPE_API_VERSION
      ? ok(subject, `sends events in API version ${STRIPE_API_VERSION}`)
      : problem(
          subject,
          `sends events in API version ${version}, and the site refuses events in any version but ${STRIPE_API_VERSION}: set the endpoint's API version to ${STRIPE_API_VERSION} ${where} (docs/stripe-setup.md §3)`,
        ),
    missing.length === 0
      ? ok(subject, `sends the ${HANDLED_EVENT_TYPES.length} events the site reads`)
      : problem(subject, `does not send ${missing.join(', ')}: add them to the endpoint's events ${where}`),
  ];
}

/**
 * The same checks once when the web process starts (docs/stripe-setup.md §2), without holding the start up: a warning
 * line per problem, one info line when all is well, and only a debug line when they cannot run (a placeholder key,
 * or Stripe out of reach). The worker and the staff commands, which serve no donors, leave it out.
 */
@Injectable()
export class StripeSetupStartCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger('StripeSetupCheck');

  constructor(
    private readonly check: StripeSetupCheck,
    private readonly adapterHost: HttpAdapterHost,
    @Optional() @Inject(APP_CONFIG) private readonly config?: AppConfig,
  ) {}

  /** The run in progress, for tests that wait for its lines. */
  done: Promise<void> = Promise.resolve();

  onApplicationBootstrap(): void {
    // Only a process with an HTTP server (the web process) has an adapter; a command has no APP_CONFIG.
    if (!this.config || !this.adapterHost.httpAdapter) return;
    this.done = this.logChecks(this.config);
  }

  private async logChecks(config: AppConfig): Promise<void> {
    if (isPlaceholderSecret(config.stripe.secretKey)) {
      this.logger.debug('Stripe setup not checked: STRIPE_SECRET_KEY is a placeholder');
      return;
    }
    let checks: SetupCheck[];
    try {
      checks = await this.check.run({
        donationProductId: config.stripe.donationProductId,
        portalConfigurationId: config.stripe.portalConfigurationId,
        publicBaseUrl: config.site.publicBaseUrl,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof Stripe.errors.StripeAuthenticationError) {
        this.logger.warn(
          { event: 'stripe_setup_problem', check: 'STRIPE_SECRET_KEY' },
          `Stripe setup: Stripe refused STRIPE_SECRET_KEY (${reason}); set the account's secret key`,
        );
      } else {
        this.logger.debug(`Stripe setup not checked: Stripe could not be asked (${reason})`);
      }
      return;
    }
    const wrong = checks.filter((check) => !check.ok);
    for (const { subject, detail } of wrong) {
      this.logger.warn(
        { event: 'stripe_setup_problem', check: subject },
        `Stripe setup: ${subject}: ${detail} (npm run donations -- check-stripe)`,
      );
    }
    if (wrong.length === 0) {
      this.logger.log(
        { event: 'stripe_setup_checked' },
        'Stripe setup checked: the donation product, the customer portal and the webhook endpoint are as docs/stripe-setup.md §2 asks',
      );
    }
  }
}
