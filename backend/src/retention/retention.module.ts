import { Module } from '@nestjs/common';
import { RetentionJob } from './retention.job';
import { RetentionService } from './retention.service';

/** Data lifecycle in the running app: the daily retention purge (the staff commands live in src/cli). */
@Module({ providers: [RetentionService, RetentionJob] })
export class RetentionModule {}
