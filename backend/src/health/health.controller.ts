import { Controller, Get, HttpCode, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import { pendingMigrations } from '../database/migrator';
import { PrismaService } from '../database/prisma.service';

/** Liveness and readiness for orchestrators (HEALTHCHECK, compose, load balancers). */
@Controller()
export class HealthController {
  constructor(private readonly prisma: PrismaService) {}

  @Get('healthz')
  @HttpCode(HttpStatus.OK)
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async readyz(@Res({ passthrough: true }) response: Response): Promise<{ status: string; detail?: string }> {
    try {
      const pending = await pendingMigrations((sql) => this.prisma.$queryRawUnsafe(sql));
      if (pending.length > 0) {
        response.status(HttpStatus.SERVICE_UNAVAILABLE);
        return { status: 'not ready', detail: `migrations not applied: ${pending.join(', ')}` };
      }
      return { status: 'ready' };
    } catch {
      response.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'not ready', detail: 'database unreachable' };
    }
  }
}
