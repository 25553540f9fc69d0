import { Global, Module } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository';
import { DonationPaymentsRepository } from './donation-payments.repository';
import { DonationsRepository } from './donations.repository';
import { DonorEmailsRepository } from './donor-emails.repository';
import { ErrorReportsRepository } from './error-reports.repository';
import { PeriodicAgreementsRepository } from './periodic-agreements.repository';
import { OverdueRequestsRepository } from './overdue-requests.repository';
import { PrismaService } from './prisma.service';
import { StaffOverviewEmailsRepository } from './staff-overview-emails.repository';
import { StripeEventsRepository } from './stripe-events.repository';
import { SubmissionStatusRepository } from './submission-status.repository';
import { SubmissionsRepository } from './submissions.repository';

const PROVIDERS = [
  PrismaService,
  SubmissionsRepository,
  SubmissionStatusRepository,
  ErrorReportsRepository,
  AuditLogRepository,
  DonationsRepository,
  DonationPaymentsRepository,
  DonorEmailsRepository,
  StripeEventsRepository,
  OverdueRequestsRepository,
  StaffOverviewEmailsRepository,
  PeriodicAgreementsRepository,
];

/** The Prisma client and the repositories on it: every table's one home (docs/architecture.md §5.2). */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class DatabaseModule {}
