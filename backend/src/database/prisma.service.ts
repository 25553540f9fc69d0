import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaClient, type Prisma } from '../generated/prisma/client';
import type { DatabaseConfig } from '../config/app-config';
import { DATABASE_CONFIG } from '../config/config.module';

/**
 * What a repository method runs its queries on: the process's Prisma client, or the client of an interactive
 * transaction (`prisma.$transaction(async (tx) => ...)`) when several writes must commit together.
 */
export type Db = Prisma.TransactionClient;

/** The one Prisma client of the process, over node-postgres through @prisma/adapter-pg. */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  /**
   * node-postgres's pool under Prisma, made here and handed to the adapter (which accepts a pool of one's own), so
   * the metrics can read its documented counters (`totalCount`, `idleCount`, `waitingCount`). The adapter ends it
   * on `$disconnect` (`disposeExternalPool`).
   */
  readonly pool: Pool;

  constructor(@Inject(DATABASE_CONFIG) database: DatabaseConfig) {
    const pool = new Pool({
      connectionString: database.url,
      // docs/architecture.md §5.4: the connection budget per process.
      max: database.poolSize,
      connectionTimeoutMillis: 5000,
      // Fail fast instead of queueing forever while PostgreSQL is down: the caller answers 503.
      query_timeout: 15000,
    });
    super({
      adapter: new PrismaPg(pool, { disposeExternalPool: true }),
      // A form's transaction waits for a free connection up to 5 s under a burst (Prisma's default is 2 s), then
      // answers 503 like any other database trouble; a transaction may run up to 15 s (the query timeout).
      transactionOptions: { maxWait: 5000, timeout: 15000 },
    });
    this.pool = pool;
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
