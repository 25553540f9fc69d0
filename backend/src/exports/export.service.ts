import { Inject, Injectable } from '@nestjs/common';
import type { DatabaseConfig } from '../config/app-config';
import { DATABASE_CONFIG } from '../config/config.module';
import { runExportJob, type ExportJob } from './export-job';

/** Staff exports (docs/staff-exports.md): one dataset streamed from the configured database. */
@Injectable()
export class ExportService {
  constructor(@Inject(DATABASE_CONFIG) private readonly database: DatabaseConfig) {}

  /**
   * A dataset with its filters and format, written to `output` (standard output when left out). Resolves once
   * everything is written; a file appears under its name only when complete.
   */
  export(request: Omit<ExportJob, 'databaseUrl'>): Promise<void> {
    return runExportJob({ ...request, databaseUrl: this.database.url });
  }
}
