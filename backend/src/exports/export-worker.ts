import { parentPort, workerData } from 'node:worker_threads';
import { exportToTarget, type ExportJob } from './export-job';

/**
 * The export's worker thread (started by runExportJob with a capped young generation). A failure goes back as
 * its message, which the command prints as its one line (exit code 1).
 */
const job = workerData as ExportJob;
exportToTarget(job).catch((error: unknown) => {
  parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
});
