import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AppConfig } from './config/app-config';
import { CheckoutModule } from './checkout/checkout.module';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { ErrorReportsModule } from './error-reports/error-reports.module';
import { HealthModule } from './health/health.module';
import { MailModule } from './mail/mail.module';
import { QueueModule } from './queue/queue.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { RetentionModule } from './retention/retention.module';
import { SiteModule } from './site/site.module';
import { SubmissionsModule } from './submissions/submissions.module';
import { StripeModule } from './stripe/stripe.module';
import { TurnstileModule } from './turnstile/turnstile.module';

/** Personal data never reaches the logs (names, emails, phone numbers, messages). */
export const REDACTED_LOG_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  '*.name',
  '*.email',
  '*.phone',
  '*.message',
  '*.subject',
  '*.motivation',
  '*.experience',
  '*.description',
  '*.referrerName',
  '*.referrerEmail',
  '*.formData',
  '*.to',
  '*.replyTo',
];

/** One module per domain (STYLE.md); add new ones here. */
const DOMAIN_MODULES: NonNullable<DynamicModule['imports']> = [
  ErrorReportsModule,
  StripeModule,
  CheckoutModule,
  MailModule,
  SubmissionsModule,
  RetentionModule,
];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            genReqId: (req: IncomingMessage) => {
              const given = req.headers['x-request-id'];
              return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
            },
            redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
            autoLogging: { ignore: (req: IncomingMessage) => req.url === '/healthz' || req.url === '/readyz' },
            serializers: {
              req: (req: { id: unknown; method: string; url: string }) => ({
                id: req.id,
                method: req.method,
                url: req.url?.split('?')[0],
              }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
          },
        }),
        RateLimitModule, // spec/ARCHITECTURE: a per-address limit on every POST (rate-limit/rate-limit.guard.ts)
        DatabaseModule,
        SiteModule,
        HealthModule,
        QueueModule,
        TurnstileModule,
        ...DOMAIN_MODULES,
      ],
    };
  }
}
