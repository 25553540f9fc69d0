import { runCommand, runSubcommands } from './cli-runner';
import { runCheckStripe } from './donations-check-stripe';
import { RECONCILE_COMMAND } from './donations-reconcile';
import { STATEMENTS_COMMAND } from './donations-statements';

/**
 * `npm run donations -- <subcommand>`: the donation staff commands, one file each (docs/staff-exports.md).
 * Add a subcommand by adding its CommandLine here.
 */
const SUBCOMMANDS = new Map<string, (argv: string[]) => void>([
  ['reconcile', (argv) => runCommand(RECONCILE_COMMAND, argv)],
  ['statements', (argv) => runCommand(STATEMENTS_COMMAND, argv)],
  // Needs only the Stripe key, no database: its own runner in the same style.
  ['check-stripe', (argv) => runCheckStripe(argv)],
]);

const USAGE = `Usage: npm run donations -- <subcommand> [options]

Subcommands:
  reconcile    apply what the webhook missed (events: 30 days; --from-objects: any age) [--since YYYY-MM-DD] [--from-objects] [--dry-run]
  statements   queue each donor's yearly statement (--year YYYY [--email x] [--dry-run])
  check-stripe check the Stripe account's settings the site relies on (product, customer portal, webhook)

Run \`npm run donations -- <subcommand> --help\` for its options.`;

runSubcommands(USAGE, SUBCOMMANDS);
