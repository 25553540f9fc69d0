import { type DynamicModule, Global, Module, type Provider } from '@nestjs/common';
import type { AppConfig, CommandConfig } from './app-config';

/** The whole validated configuration, for the web and worker processes: `@Inject(APP_CONFIG) config: AppConfig`. */
export const APP_CONFIG = Symbol('APP_CONFIG');
/** Where the database is and its pool sizes (DatabaseConfig): all the database clients need. */
export const DATABASE_CONFIG = Symbol('DATABASE_CONFIG');
/** The retention periods (RetentionDays): all the purge needs. */
export const RETENTION_DAYS = Symbol('RETENTION_DAYS');
/**
 * How to reach Stripe (StripeAccess; StripeConfig, with the webhook secret, in the web process): all StripeClient needs. A staff
 * command has it only when it asked for it (`withStripe`).
 */
export const STRIPE_ACCESS = Symbol('STRIPE_ACCESS');
/**
 * Who countersigns a periodic gift agreement (PeriodicGiftSignatory): a staff command has it only when it asked for it
 * (`withSignatory`).
 */
export const PERIODIC_GIFT_SIGNATORY = Symbol('PERIODIC_GIFT_SIGNATORY');

function commandProviders(config: CommandConfig): Provider[] {
  return [
    { provide: DATABASE_CONFIG, useValue: config.database },
    { provide: RETENTION_DAYS, useValue: config.retentionDays },
    ...(config.stripe ? [{ provide: STRIPE_ACCESS, useValue: config.stripe }] : []),
    ...(config.periodicGift ? [{ provide: PERIODIC_GIFT_SIGNATORY, useValue: config.periodicGift }] : []),
  ];
}

/**
 * Makes the validated configuration injectable everywhere. A service injects the part it uses: the database clients
 * DATABASE_CONFIG, the purge RETENTION_DAYS, everything web-only APP_CONFIG. A staff command's context gets only the
 * first two (`forCommand`), so a service there that would need a web setting fails at start instead of reading an
 * empty value.
 */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    const providers = [
      ...commandProviders(config),
      { provide: APP_CONFIG, useValue: config },
      { provide: STRIPE_ACCESS, useValue: config.stripe },
    ];
    const exports = [APP_CONFIG, DATABASE_CONFIG, RETENTION_DAYS, STRIPE_ACCESS, PERIODIC_GIFT_SIGNATORY];
    return { module: ConfigModule, providers, exports };
  }

  static forCommand(config: CommandConfig): DynamicModule {
    const exports = [
      DATABASE_CONFIG,
      RETENTION_DAYS,
      ...(config.stripe ? [STRIPE_ACCESS] : []),
      ...(config.periodicGift ? [PERIODIC_GIFT_SIGNATORY] : []),
    ];
    return { module: ConfigModule, providers: commandProviders(config), exports };
  }
}
