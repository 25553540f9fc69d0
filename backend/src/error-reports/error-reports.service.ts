import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { PrismaService } from '../database/prisma.service';
import type { ErrorReportDto } from './dto/error-report.dto';

/** Same message and same top of stack = the same error: counted, not stored again. */
export function fingerprintOf(report: Pick<ErrorReportDto, 'message' | 'stack'>): string {
  const topFrame = (report.stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('at ') || line.includes('@'));
  return createHash('sha256')
    .update(`${report.message}\n${topFrame ?? ''}`)
    .digest('hex');
}

@Injectable()
export class ErrorReportsService {
  constructor(private readonly prisma: PrismaService) {}

  async record(report: ErrorReportDto): Promise<{ occurrences: number }> {
    const fingerprint = fingerprintOf(report);
    const saved = await this.prisma.errorReport.upsert({
      where: { fingerprint },
      create: {
        fingerprint,
        message: report.message,
        stack: report.stack,
        componentStack: report.componentStack,
        url: report.url,
        userAgent: report.userAgent,
        clientTime: report.timestamp,
      },
      update: { occurrences: { increment: 1 }, lastSeenAt: new Date(), url: report.url, userAgent: report.userAgent },
      select: { occurrences: true },
    });
    return saved;
  }
}
