import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService, type Db } from './prisma.service';

/** What staff tools write to `audit_log` (docs/architecture.md §5.1). */
export type AuditAction = 'purge' | 'erase' | 'mail.retry';

/**
 * The `audit_log` table's one home: one line per change a staff tool made, written in the transaction of that change
 * so it commits with it. The detail holds counts, ids and hashes, never personal data.
 */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly prisma: PrismaService) {}

  async record(action: AuditAction, detail: Prisma.InputJsonObject, db: Db = this.prisma): Promise<void> {
    await db.auditLog.create({ data: { action, detail } });
  }
}
