import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { ErrorReportsRepository } from '../database/error-reports.repository';
import { PrismaService, type Db } from '../database/prisma.service';
import { MetricsService, type ErrorReportMetricOutcome } from '../metrics/metrics.service';
import type { ErrorReportDto } from './dto/error-report.dto';

/** Same message and same top of stack = the same error: counted, not stored again. */
function fingerprintOf(report: Pick<ErrorReportDto, 'message' | 'stack'>): string {
  const topFrame = (report.stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('at ') || line.includes('@'));
  return createHash('sha256')
    .update(`${report.message}\n${topFrame ?? ''}`)
    .digest('hex');
}

/** A new error not stored because of a cap: ERROR_REPORTS_PER_HOUR, or ERROR_REPORTS_MAX_ROWS. */
export type ErrorReportCap = 'per-hour' | 'max-rows';
export type RecordOutcome = 'counted' | 'stored' | ErrorReportCap;

const METRIC_OUTCOMES: Record<RecordOutcome, ErrorReportMetricOutcome> = {
  stored: 'stored',
  counted: 'repeat',
  'per-hour': 'dropped_per_hour',
  'max-rows': 'dropped_max_rows',
};

const HOUR_MS = 3_600_000;

/**
 * Browser crash reports, written by anonymous visitors (and by any page that makes its visitors' browsers post
 * here), so what they can store is bounded:
 * - a repeat of a known error only raises its count and last-seen time; the first report's page and browser stay;
 * - at most `errorReports.perHour` new errors are stored per clock hour and the table holds at most
 *   `errorReports.maxRows` rows, both counted in PostgreSQL so every instance shares them. Past a cap the visitor's
 *   browser still hears 202 (it would only retry or log otherwise) and the process logs one line per cap and hour.
 */
@Injectable()
export class ErrorReportsService {
  private readonly logger = new Logger(ErrorReportsService.name);
  /**
   * The clock hour in which each cap was last reached. Until that hour ends, new errors are left out without asking
   * the database again (a flood costs one indexed lookup per report), and the log has said so once. A full table is
   * looked at again the next hour (the nightly purge makes room).
   */
  private readonly reachedInHour = new Map<ErrorReportCap, number>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly reports: ErrorReportsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  async record(report: ErrorReportDto): Promise<RecordOutcome> {
    const outcome = await this.decide(report);
    this.metrics.errorReport(METRIC_OUTCOMES[outcome]);
    return outcome;
  }

  private async decide(report: ErrorReportDto): Promise<RecordOutcome> {
    const fingerprint = fingerprintOf(report);
    if (await this.reports.countRepeat(fingerprint)) return 'counted';
    const hour = Math.floor(Date.now() / HOUR_MS);
    for (const [cap, reached] of this.reachedInHour) if (reached === hour) return cap;
    const outcome = await this.prisma.$transaction(async (tx): Promise<RecordOutcome> => {
      // New errors are stored one at a time over all instances, so the counts below cannot be overtaken.
      await this.reports.lockForNewReports(tx);
      if (await this.reports.countRepeat(fingerprint, tx)) return 'counted';
      const cap = await this.capReached(tx);
      if (cap) return cap;
      const { message, stack, componentStack, url, userAgent, timestamp: clientTime } = report;
      await this.reports.create({ fingerprint, message, stack, componentStack, url, userAgent, clientTime }, tx);
      return 'stored';
    });
    if (outcome === 'per-hour' || outcome === 'max-rows') this.noteCapReached(outcome, hour);
    return outcome;
  }

  private async capReached(tx: Db): Promise<ErrorReportCap | undefined> {
    const { perHour, maxRows } = this.config.errorReports;
    const counts = await this.reports.countNew(maxRows, tx);
    if (counts.thisHour >= perHour) return 'per-hour';
    if (counts.rows >= maxRows) return 'max-rows';
    return undefined;
  }

  private noteCapReached(cap: ErrorReportCap, hour: number): void {
    if (this.reachedInHour.get(cap) === hour) return;
    this.reachedInHour.set(cap, hour);
    const { perHour, maxRows } = this.config.errorReports;
    this.logger.warn(
      { cap },
      cap === 'per-hour'
        ? `error reports: ERROR_REPORTS_PER_HOUR (${perHour}) new errors stored this hour; further new ones are answered but not stored until the next hour (said once an hour)`
        : `error reports: the table holds ERROR_REPORTS_MAX_ROWS (${maxRows}) rows; new errors are answered but not stored until the retention purge removes old ones (said once an hour)`,
    );
  }
}
