import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, createHmac } from 'node:crypto';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { ErrorReportsRepository } from '../database/error-reports.repository';
import { PrismaService } from '../database/prisma.service';
import { MetricsService, type ErrorReportMetricOutcome } from '../metrics/metrics.service';
import { addressKey } from '../rate-limit/address-key';
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

/** A cap the log mentions once an hour: ERROR_REPORTS_PER_HOUR reached, or ERROR_REPORTS_MAX_ROWS rows held. */
export type ErrorReportCap = 'per-hour' | 'max-rows';
/** What became of a report: stored, counted as a repeat, or left out by the hourly cap or the client's share of it. */
export type RecordOutcome = 'counted' | 'stored' | 'per-hour' | 'per-client';

/** docs/product.md §9.5: one client may store at most this fraction (1/N) of the hourly new errors. */
export const CLIENT_SHARE_OF_HOURLY_REPORTS = 10;

const METRIC_OUTCOMES: Record<RecordOutcome, ErrorReportMetricOutcome> = {
  stored: 'stored',
  counted: 'repeat',
  'per-hour': 'dropped_per_hour',
  'per-client': 'dropped_per_hour',
};

const HOUR_MS = 3_600_000;

/**
 * Browser crash reports, written by anonymous visitors (and by any page that makes its visitors' browsers post
 * here), so what they can store is bounded (docs/product.md §9.5):
 * - a repeat of a known error only raises its count and last-seen time; the first report's page and browser stay;
 * - at most `errorReports.perHour` new errors are stored per clock hour, and one client (by a keyed hash of its
 *   address) stores at most a tenth of that, so one flood cannot blind error reporting for everyone else;
 * - the table holds at most `errorReports.maxRows` rows: a new error past that takes the place of the reports seen
 *   least recently, in the same transaction, so the newest errors are always there.
 * All of it is counted in PostgreSQL, so every instance shares it. Past a cap the visitor's browser still hears 202
 * (it would only retry or log otherwise) and the process logs one line per cap and hour.
 */
@Injectable()
export class ErrorReportsService {
  private readonly logger = new Logger(ErrorReportsService.name);
  /**
   * The clock hour in which each cap was last reached, and the log said so. Until the hourly cap's hour ends, new
   * errors are left out without asking the database again (a flood costs one indexed lookup per report).
   */
  private readonly reachedInHour = new Map<ErrorReportCap, number>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly reports: ErrorReportsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  /** `clientAddress`: the address the request came from (as Express reports it, after TRUST_PROXY). */
  async record(report: ErrorReportDto, clientAddress: string): Promise<RecordOutcome> {
    const outcome = await this.decide(report, clientAddress);
    this.metrics.errorReport(METRIC_OUTCOMES[outcome]);
    return outcome;
  }

  /** A keyed hash of the client's address (IPv6 by its /64): the row never holds the address itself. */
  private clientKey(clientAddress: string): string {
    return createHmac('sha256', this.config.donorLinks.secret)
      .update(`error-reports-client:${addressKey(clientAddress)}`)
      .digest('hex')
      .slice(0, 32);
  }

  private async decide(report: ErrorReportDto, clientAddress: string): Promise<RecordOutcome> {
    const fingerprint = fingerprintOf(report);
    if (await this.reports.countRepeat(fingerprint)) return 'counted';
    const hour = Math.floor(Date.now() / HOUR_MS);
    if (this.reachedInHour.get('per-hour') === hour) return 'per-hour';
    const clientKey = this.clientKey(clientAddress);
    const { perHour, maxRows } = this.config.errorReports;
    const perClient = Math.max(1, Math.floor(perHour / CLIENT_SHARE_OF_HOURLY_REPORTS));
    const { outcome, madeRoom } = await this.prisma.$transaction(async (tx) => {
      // New errors are stored one at a time over all instances, so the counts below cannot be overtaken.
      await this.reports.lockForNewReports(tx);
      if (await this.reports.countRepeat(fingerprint, tx)) return { outcome: 'counted' as const, madeRoom: false };
      const counts = await this.reports.countNew(maxRows, clientKey, tx);
      if (counts.thisHour >= perHour) return { outcome: 'per-hour' as const, madeRoom: false };
      if (counts.fromClientThisHour >= perClient) return { outcome: 'per-client' as const, madeRoom: false };
      const full = counts.rows >= maxRows;
      if (full) await this.reports.deleteLeastRecentlySeen(maxRows, tx);
      const { message, stack, componentStack, url, userAgent, timestamp: clientTime } = report;
      await this.reports.create(
        { fingerprint, message, stack, componentStack, url, userAgent, clientTime, clientKey },
        tx,
      );
      return { outcome: 'stored' as const, madeRoom: full };
    });
    if (outcome === 'per-hour') this.noteCapReached('per-hour', hour);
    if (madeRoom) this.noteCapReached('max-rows', hour);
    return outcome;
  }

  private noteCapReached(cap: ErrorReportCap, hour: number): void {
    if (this.reachedInHour.get(cap) === hour) return;
    this.reachedInHour.set(cap, hour);
    const { perHour, maxRows } = this.config.errorReports;
    this.logger.warn(
      { cap },
      cap === 'per-hour'
        ? `error reports: ERROR_REPORTS_PER_HOUR (${perHour}) new errors stored this hour; further new ones are answered but not stored until the next hour (said once an hour)`
        : `error reports: the table holds ERROR_REPORTS_MAX_ROWS (${maxRows}) rows; each new error takes the place of the report seen least recently (said once an hour)`,
    );
  }
}
