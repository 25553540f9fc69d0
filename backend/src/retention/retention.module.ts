import { Module } from '@nestjs/common';
import { RetentionJob } from './retention.job';

/** Data lifecycle in the running app: the daily retention purge (the staff commands live in src/cli). */
@Module({ providers: [RetentionJob] })
export class RetentionModule {}
