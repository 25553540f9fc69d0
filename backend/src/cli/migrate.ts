import { migrate } from '../database/migrator';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL; safe to run again. */
async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required (a postgresql:// URL)');
    process.exit(1);
  }
  const result = await migrate(url, (line) => console.log(line));
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
