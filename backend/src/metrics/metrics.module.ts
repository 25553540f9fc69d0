import { Global, Module } from '@nestjs/common';
import { MetricsServer } from './metrics.server';
import { MetricsService } from './metrics.service';

/**
 * Prometheus metrics (docs/architecture.md §9.11): MetricsService for every module that reports an event, and the
 * server on METRICS_PORT when it is set. Imported by the web application and the worker.
 */
@Global()
@Module({ providers: [MetricsService, MetricsServer], exports: [MetricsService] })
export class MetricsModule {}
