import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

/**
 * Applies prisma/migrations/<name>/migration.sql in name order, recording each one in `_prisma_migrations`
 * exactly as Prisma's CLI does (SHA-256 checksum of the file), so `prisma migrate` recognises the history later.
 * Prisma's schema engine cannot be downloaded on these machines, hence this small runner.
 */
export const MIGRATIONS_DIR = resolve(__dirname, '../../../prisma/migrations');
/** Any constant works; it only has to be the same for every process migrating this database. */
const MIGRATION_LOCK_KEY = 72707369;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

/** The names of the migrations in the folder, in the order they apply. */
export function migrationNames(dir = MIGRATIONS_DIR): string[] {
  if (!existsSync(dir)) throw new Error(`Migrations folder not found: ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort();
}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return migrationNames(dir).map((name) => {
    const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
    return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

const CREATE_LEDGER = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrateResult {
  applied: string[];
  alreadyApplied: string[];
}

export async function migrate(databaseUrl: string, log: (line: string) => void = () => {}): Promise<MigrateResult> {
  const migrations = readMigrations();
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const result: MigrateResult = { applied: [], alreadyApplied: [] };
  try {
    // Two containers starting together: the second waits here until the first has finished.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(CREATE_LEDGER);
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const done = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    for (const migration of migrations) {
      const recorded = done.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) {
          log(`warning: ${migration.name} was changed after it was applied (checksum differs)`);
        }
        result.alreadyApplied.push(migration.name);
        continue;
      }
      const id = randomUUID();
      await client.query('BEGIN');
      try {
        await client.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
          [id, migration.checksum, migration.name],
        );
        await client.query(migration.sql);
        await client.query(
          'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
          [id],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      log(`applied ${migration.name}`);
      result.applied.push(migration.name);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
  return result;
}

/**
 * Which of `expected` (migration names, read once at start with `migrationNames()`) the database has not finished
 * applying, in one small query. Migrations the database has beyond them (a newer build migrated it) do not count.
 */
export async function pendingMigrations(
  expected: readonly string[],
  query: (sql: string, names: readonly string[]) => Promise<Array<{ name: string }>>,
): Promise<string[]> {
  const rows = await query(
    `SELECT name FROM unnest($1::text[]) AS expected(name) WHERE NOT EXISTS (SELECT 1 FROM "_prisma_migrations" AS m
      WHERE m.migration_name = expected.name AND m.finished_at IS NOT NULL AND m.rolled_back_at IS NULL) ORDER BY name`,
    expected,
  );
  return rows.map((row) => row.name);
}
