import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { migrate } from '../../src/database/migrator';

/** The server tests create their databases on: TEST_DATABASE_URL, else the local PostgreSQL. */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database of its own for one test file; `drop()` removes it. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `site_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = withDatabase(TEST_SERVER_URL, name);
  if (options.migrate !== false) await migrate(url);
  return {
    url,
    name,
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** Databases left behind by an interrupted run (older than an hour) are removed at the start of the next one. */
export async function dropStaleTestDatabases(): Promise<void> {
  await admin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'site_test_%'",
    );
    const cutoff = Date.now() - 60 * 60 * 1000;
    for (const { datname } of rows) {
      const created = parseInt(datname.split('_')[2] ?? '', 36);
      if (Number.isFinite(created) && created < cutoff) {
        await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
    }
  });
}
