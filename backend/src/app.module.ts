import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { HttpLogger } from 'pino-http';
import type { AppConfig } from './config/app-config';
import { DonationsModule } from './donations/donations.module';
import { DonationReconciliationModule } from './donations/reconciliation/donation-reconciliation.module';
import { loggerModuleParams } from './common/logging';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { DonorEmailModule } from './donor-email/donor-email.module';
import { DonorPortalModule } from './donor-portal/donor-portal.module';
import { ErrorReportsModule } from './error-reports/error-reports.module';
import { HealthModule } from './health/health.module';
import { MailModule } from './mail/mail.module';
import { MetricsModule } from './metrics/metrics.module';
import { PeriodicGiftModule } from './periodic-gift/periodic-gift.module';
import { JOBS } from './queue/jobs';
import { QueueModule } from './queue/queue.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { RetentionModule } from './retention/retention.module';
import { SiteModule } from './site/site.module';
import { StaffActionsModule } from './staff-actions/staff-actions.module';
import { StaffOverviewModule } from './staff-overview/staff-overview.module';
import { SubmissionsModule } from './submissions/submissions.module';
import { StripeModule } from './stripe/stripe.module';
import { TurnstileModule } from './turnstile/turnstile.module';

/** One module per domain (docs/architecture.md §10); add new ones here. */
const DOMAIN_MODULES: NonNullable<DynamicModule['imports']> = [
  ErrorReportsModule,
  StripeModule,
  DonationsModule,
  DonationReconciliationModule,
  MailModule,
  DonorEmailModule,
  DonorPortalModule,
  PeriodicGiftModule,
  SubmissionsModule,
  RetentionModule,
  StaffActionsModule,
  StaffOverviewModule,
];

@Module({})
export class AppModule {
  /** `accessLog`: the app's access log middleware (createApp mounts it first); its logger is the app's logger. */
  static forRoot(config: AppConfig, accessLog: HttpLogger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerModuleParams(accessLog)),
        RateLimitModule, // docs/product.md §9.5, docs/architecture.md §9.4: a per-address limit on every POST (rate-limit/rate-limit.guard.ts)
        DatabaseModule,
        MetricsModule, // docs/architecture.md §9.11: GET /metrics on METRICS_PORT, never on the site's port
        SiteModule,
        HealthModule,
        QueueModule.forRoot(JOBS), // every queue, its schedule and its handler: queue/jobs.ts
        TurnstileModule,
        ...DOMAIN_MODULES,
      ],
    };
  }
}
