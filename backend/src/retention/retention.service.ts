import { Inject, Injectable } from '@nestjs/common';
import { Client } from 'pg';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { erasePerson, type ErasureResult } from './retention.erasure';
import { purgeExpired, type PurgeResult } from './retention.purge';

/**
 * The data lifecycle on demand, for staff (`npm run purge`, `npm run erase`; docs/staff-exports.md): each call has
 * one connection of its own, for the one transaction its work and its audit line commit in.
 */
@Injectable()
export class RetentionService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Deletes what is past its retention period (RETENTION_DAYS_*), or with `dryRun` only counts it. */
  purge(options: { dryRun: boolean }): Promise<PurgeResult> {
    return this.withConnection((db) => purgeExpired(db, this.config.retentionDays, options));
  }

  /** Removes one person's personal data wherever their address appears, or with `dryRun` only finds it. */
  erase(email: string, options: { dryRun: boolean }): Promise<ErasureResult> {
    return this.withConnection((db) => erasePerson(db, email, options));
  }

  private async withConnection<T>(work: (db: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: this.config.databaseUrl, connectionTimeoutMillis: 10_000 });
    // A connection that drops mid-work fails the running query; this only keeps the event from crashing Node.
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await work(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
