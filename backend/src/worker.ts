import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger, LoggerModule } from 'nestjs-pino';
import { DonationReconciliationModule } from './donations/reconciliation/donation-reconciliation.module';
import { REDACTED_LOG_PATHS } from './common/logging';
import { describeConfig, loadConfigOrExit, type AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { DonorEmailModule } from './donor-email/donor-email.module';
import { MailModule } from './mail/mail.module';
import { MetricsModule } from './metrics/metrics.module';
import { AgreementEmailWorkerModule } from './periodic-gift/periodic-gift.module';
import { JOBS } from './queue/jobs';
import { QueueModule } from './queue/queue.module';
import { RetentionModule } from './retention/retention.module';
import { StaffOverviewModule } from './staff-overview/staff-overview.module';
import { StripeModule } from './stripe/stripe.module';

/**
 * The background work without a site: configuration, logs, the database, the metrics (on METRICS_PORT when set), the
 * queue, the mail workers, the nightly retention purge, the daily reconciliation of donations with Stripe and the
 * yearly donor statements. Every scheduled or queued job lives in one of these modules. The web process works them too
 * unless RUN_WORKER=false; pg-boss hands each job to one process, so an email or a purge runs once however many
 * processes work the queue, and at least one does in either deployment.
 */
@Module({})
class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({ pinoHttp: { level: config.logLevel, redact: { paths: REDACTED_LOG_PATHS } } }),
        DatabaseModule,
        MetricsModule,
        QueueModule.forRoot(JOBS),
        MailModule,
        DonorEmailModule,
        AgreementEmailWorkerModule,
        RetentionModule,
        StaffOverviewModule,
        StripeModule,
        DonationReconciliationModule,
      ],
    };
  }
}

/**
 * `npm run worker`: the submission email worker, the retention purge and the donation reconciliation without HTTP, for deployments that run web
 * processes with RUN_WORKER=false. Same configuration as the web process; SIGTERM finishes the jobs in hand, then exits.
 */
async function main(): Promise<void> {
  // This process exists to work the queue, whatever RUN_WORKER says for the web processes.
  const config: AppConfig = { ...loadConfigOrExit(), runWorker: true };
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.get(Logger).log({ config: describeConfig(config) }, 'effective configuration');
  app.enableShutdownHooks();
  await app.init();
}

void main();
