import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { JobRegistry } from './jobs';
import { JOB_REGISTRY, QueueService } from './queue.service';

/**
 * The job queue. `QueueModule` alone sends and reads jobs (staff commands); `QueueModule.forRoot(JOBS)` also creates,
 * schedules and works the registry's queues (the web process and the worker).
 */
@Global()
@Module({ providers: [QueueService], exports: [QueueService] })
export class QueueModule {
  static forRoot(registry: JobRegistry): DynamicModule {
    return {
      module: QueueModule,
      providers: [{ provide: JOB_REGISTRY, useValue: registry }, QueueService],
      exports: [QueueService],
    };
  }
}
