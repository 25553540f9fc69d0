import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { StripeClient, STRIPE_EVENT_RETENTION_DAYS } from '../../stripe/stripe.client';
import { DonationLedger, HANDLED_EVENT_TYPES, isReadableApiVersion } from '../ledger/donation-ledger.service';

const DAY_MS = 86_400_000;

/** What a reconciliation run found and did (docs/architecture.md §3.7). */
export interface ReconciliationReport {
  since: Date;
  dryRun: boolean;
  /** Events of the handled types Stripe listed. */
  listed: number;
  /** Events the ledger had not seen, with what applying them changed (or would change, in a dry run). */
  applied: Array<{ id: string; type: string; created: Date; changes: string[] }>;
  /** Events already applied (by the webhook or an earlier run). */
  alreadyApplied: number;
  /** Events rendered in another API version than this build reads: left alone. */
  otherApiVersion: Array<{ id: string; apiVersion: string | null }>;
  /** Events whose application failed (a Stripe lookup or the database); tried again next run. */
  failed: Array<{ id: string; type: string; error: string }>;
}

/** The earliest day Stripe still lists events for, now. */
export function earliestReconcilableDate(now = new Date()): Date {
  return new Date(now.getTime() - STRIPE_EVENT_RETENTION_DAYS * DAY_MS);
}

/**
 * Reconciliation (docs/architecture.md §3.7): reads Stripe's list of events of the handled types since a date (at most
 * the 30 days Stripe keeps) and applies each through the same ledger as the webhook, so an event the webhook never
 * received is applied once, and one it did receive is a duplicate. Used by `npm run donations -- reconcile` and the
 * daily job.
 */
@Injectable()
export class DonationReconciliation {
  constructor(
    private readonly stripe: StripeClient,
    private readonly ledger: DonationLedger,
  ) {}

  /** `since` earlier than Stripe keeps events is moved up to that day. */
  async reconcile(options: { since?: Date; dryRun: boolean }): Promise<ReconciliationReport> {
    const earliest = earliestReconcilableDate();
    const since = options.since && options.since > earliest ? options.since : earliest;
    const events = await this.stripe.listEvents(HANDLED_EVENT_TYPES, since);
    const report: ReconciliationReport = {
      since,
      dryRun: options.dryRun,
      listed: events.length,
      applied: [],
      alreadyApplied: 0,
      otherApiVersion: [],
      failed: [],
    };
    for (const event of events) await this.reconcileOne(event, report);
    return report;
  }

  private async reconcileOne(event: Stripe.Event, report: ReconciliationReport): Promise<void> {
    if (!isReadableApiVersion(event)) {
      report.otherApiVersion.push({ id: event.id, apiVersion: event.api_version });
      return;
    }
    try {
      const { outcome, changes } = await this.ledger.record(event, { dryRun: report.dryRun });
      if (outcome === 'processed') {
        report.applied.push({ id: event.id, type: event.type, created: new Date(event.created * 1000), changes });
      } else {
        report.alreadyApplied += 1;
      }
    } catch (error) {
      report.failed.push({ id: event.id, type: event.type, error: (error as Error).message.split('\n')[0] });
    }
  }
}
