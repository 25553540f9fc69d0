import { runExportCommand } from '../exports/export-command';
import { runCli } from './cli-runner';

/** `npm run export -- <dataset> [options]`: staff exports (see docs/staff-exports.md). */
runCli('npm run export --', runExportCommand);
