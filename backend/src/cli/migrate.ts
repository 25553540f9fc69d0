import { loadConfigOrExit, readDatabaseUrl } from '../config/app-config';
import { migrate } from '../database/migrator';

/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL; safe to run again. With `--check-config`, first
 * checks the whole configuration as the site and the worker do, and exits with their message when it fails.
 *
 * A plain function, not a command of cli-runner.ts: it runs first of all, in the image's entrypoint before `serve`
 * and `worker` (docs/architecture.md §5.3), against a database whose tables may not exist yet. It needs nothing
 * but the URL and the migration runner, so there is no service to inject; a Nest context would only add start-up
 * time to every container start. Its output is the runner's log, line by line, then a summary.
 */
async function main(): Promise<void> {
  // Before `serve` and `worker`, the entrypoint asks for the whole configuration to be checked first: a process that
  // is going to refuse to start (a missing secret, the foundation's example facts in production) changes no database.
  if (process.argv.includes('--check-config')) loadConfigOrExit();
  const problems: string[] = [];
  const databaseUrl = readDatabaseUrl(process.env, problems);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  const result = await migrate(databaseUrl, (line) => console.log(line));
  console.log(
    result.applied.length === 0
      ? `Database is up to date (${result.alreadyApplied.length} migrations applied earlier).`
      : `Applied ${result.applied.length} migration(s).`,
  );
}

main().catch((error: Error) => {
  console.error(`Migration failed: ${error.message}`);
  process.exit(1);
});
