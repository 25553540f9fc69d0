import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PostRateLimitGuard } from './rate-limit.guard';
import { SlidingWindowRateLimitStorage } from './rate-limit.storage';

/** Per-address rate limits, in this instance's memory (per instance; see README). */
@Global()
@Module({
  providers: [
    // One per application (a factory, not a value shared by every app this process creates, as tests do).
    { provide: SlidingWindowRateLimitStorage, useFactory: () => new SlidingWindowRateLimitStorage() },
    { provide: APP_GUARD, useClass: PostRateLimitGuard },
  ],
  exports: [SlidingWindowRateLimitStorage],
})
export class RateLimitModule {}
