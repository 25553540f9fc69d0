import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { PrismaService } from '../database/prisma.service';
import { PostgresRateLimitStore } from './postgres-rate-limit.store';
import { PostRateLimitGuard } from './rate-limit.guard';
import { MemoryRateLimitStore, RateLimitStore } from './rate-limit.storage';
import { RATE_LIMIT_WINDOW_MS, RateLimiter } from './rate-limiter';

/** Per-address rate limits, counted in PostgreSQL (default) or in this process's memory (RATE_LIMIT_STORE). */
@Global()
@Module({
  providers: [
    // One per application (a factory, not a value shared by every app this process creates, as tests do).
    {
      provide: RateLimitStore,
      inject: [APP_CONFIG, PrismaService],
      useFactory: (config: AppConfig, prisma: PrismaService): RateLimitStore =>
        config.limits.store === 'memory'
          ? new MemoryRateLimitStore(RATE_LIMIT_WINDOW_MS)
          : new PostgresRateLimitStore(prisma, RATE_LIMIT_WINDOW_MS),
    },
    RateLimiter,
    { provide: APP_GUARD, useClass: PostRateLimitGuard },
  ],
  exports: [RateLimiter],
})
export class RateLimitModule {}
