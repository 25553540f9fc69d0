import { runPurgeCommand } from '../retention/retention.commands';
import { runCli } from './cli-runner';

/** `npm run purge -- [--dry-run]`: enforce the retention periods now (docs/staff-exports.md). */
runCli('npm run purge --', runPurgeCommand);
