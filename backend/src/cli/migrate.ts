import { readDatabaseUrl } from '../config/app-config';
import { migrate } from '../database/migrator';

/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL; safe to run again.
 *
 * A plain function, not a command of cli-runner.ts: it runs first of all, in the image's entrypoint before `serve`
 * and `worker` (docs/architecture.md §5.3), against a database whose tables may not exist yet. It needs nothing
 * but the URL and the migration runner, so there is no service to inject; a Nest context would only add start-up
 * time to every container start. Its output is the runner's log, line by line, then a summary.
 */
async function main(): Promise<void> {
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
