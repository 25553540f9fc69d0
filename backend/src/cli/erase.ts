import { runEraseCommand } from '../retention/retention.commands';
import { runCli } from './cli-runner';

/** `npm run erase -- --email <address> [--dry-run]`: erasure on request (docs/staff-exports.md). */
runCli('npm run erase --', runEraseCommand);
