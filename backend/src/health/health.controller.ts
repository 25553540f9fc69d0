import { Controller, Get, HttpCode, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import { migrationNames, pendingMigrations } from '../database/migrator';
import { PrismaService } from '../database/prisma.service';

type Readiness = { status: 'ready' } | { status: 'not ready'; detail: string };

/** Liveness and readiness for orchestrators (HEALTHCHECK, compose, load balancers). */
@Controller()
export class HealthController {
  /** The migrations this build needs: the folder cannot change while the process runs, so it is read once. */
  private readonly expectedMigrations = migrationNames();
  /** The check in progress: concurrent calls share it, so a flood of /readyz holds one database connection at most. */
  private inFlight: Promise<Readiness> | undefined;

  constructor(private readonly prisma: PrismaService) {}

  @Get('healthz')
  @HttpCode(HttpStatus.OK)
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Ready: the database answers and has applied every migration this build needs (one small query per check). */
  @Get('readyz')
  async readyz(@Res({ passthrough: true }) response: Response): Promise<Readiness> {
    this.inFlight ??= this.check().finally(() => (this.inFlight = undefined));
    const readiness = await this.inFlight;
    if (readiness.status !== 'ready') response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return readiness;
  }

  private async check(): Promise<Readiness> {
    try {
      const pending = await pendingMigrations(this.expectedMigrations, (sql, names) =>
        this.prisma.$queryRawUnsafe(sql, names),
      );
      if (pending.length > 0) return { status: 'not ready', detail: `migrations not applied: ${pending.join(', ')}` };
      return { status: 'ready' };
    } catch {
      return { status: 'not ready', detail: 'database unreachable' };
    }
  }
}
