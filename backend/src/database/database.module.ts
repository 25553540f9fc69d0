import { Global, Module } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository';
import { ErrorReportsRepository } from './error-reports.repository';
import { PrismaService } from './prisma.service';
import { SubmissionsRepository } from './submissions.repository';

const PROVIDERS = [PrismaService, SubmissionsRepository, ErrorReportsRepository, AuditLogRepository];

/** The Prisma client and the repositories on it: every table's one home (docs/architecture.md §5.2). */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class DatabaseModule {}
