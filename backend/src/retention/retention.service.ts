import { Inject, Injectable } from '@nestjs/common';
import type { RetentionDays } from '../config/app-config';
import { RETENTION_DAYS } from '../config/config.module';
import { AuditLogRepository } from '../database/audit-log.repository';
import { DonationsRepository } from '../database/donations.repository';
import { ErrorReportsRepository } from '../database/error-reports.repository';
import { PeriodicAgreementsRepository } from '../database/periodic-agreements.repository';
import { PrismaService } from '../database/prisma.service';
import { SubmissionsRepository } from '../database/submissions.repository';
import { erasePerson, type ErasureResult } from './retention.erasure';
import { purgeExpired, type PurgeResult } from './retention.purge';

/** The repositories retention works through. */
export interface RetentionStores {
  submissions: SubmissionsRepository;
  donations: DonationsRepository;
  errorReports: ErrorReportsRepository;
  auditLog: AuditLogRepository;
  agreements: PeriodicAgreementsRepository;
}

/**
 * A purge or an erasure is one transaction, its audit line included. It may touch many rows: it gets minutes rather
 * than the pool's default 15 s; each statement is still bounded by the query timeout (database/prisma.service.ts).
 */
const TRANSACTION = { maxWait: 10_000, timeout: 5 * 60_000 };

/**
 * The data lifecycle (docs/architecture.md §6): deleting what is past its retention period, for the daily job and
 * `npm run purge`, and erasing one person's data on request, for `npm run erase` (docs/staff-exports.md).
 */
@Injectable()
export class RetentionService {
  private readonly stores: RetentionStores;

  constructor(
    private readonly prisma: PrismaService,
    submissions: SubmissionsRepository,
    donations: DonationsRepository,
    errorReports: ErrorReportsRepository,
    auditLog: AuditLogRepository,
    agreements: PeriodicAgreementsRepository,
    @Inject(RETENTION_DAYS) private readonly retentionDays: RetentionDays,
  ) {
    this.stores = { submissions, donations, errorReports, auditLog, agreements };
  }

  /** Deletes what is past its retention period (RETENTION_DAYS_*), or with `dryRun` only counts it. */
  purge(options: { dryRun: boolean }): Promise<PurgeResult> {
    return this.prisma.$transaction(
      (tx) => purgeExpired(tx, this.stores, this.retentionDays, { ...options, now: new Date() }),
      TRANSACTION,
    );
  }

  /** Removes one person's personal data wherever their address appears, or with `dryRun` only finds it. */
  erase(email: string, options: { dryRun: boolean }): Promise<ErasureResult> {
    return this.prisma.$transaction(
      (tx) => erasePerson(tx, this.stores, email, { ...options, now: new Date() }),
      TRANSACTION,
    );
  }
}
