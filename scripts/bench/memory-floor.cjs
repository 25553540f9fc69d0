/**
 * The idle memory below the site (`npm run bench -- --only startup`, scripts/bench/startup.mjs): a process that
 * holds only what the mode names, asked once, then idle for 10 s; prints its VmRSS and RssAnon in MB as JSON.
 *   node    a bare Node process (the runtime's own floor)
 *   pg      node-postgres's pool, after one query
 *   prisma  the same pool under the site's generated Prisma client (@prisma/adapter-pg), after one query: what the
 *           data-access layer costs on its own (docs/benchmarks.md "Image, start-up and memory")
 *   node scripts/bench/memory-floor.cjs <mode>   (DATABASE_URL: a migrated database)
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '../..');
const IDLE_MS = 10_000;

async function hold(mode) {
  if (mode === 'node') return;
  const { Pool } = require(join(ROOT, 'node_modules/pg'));
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  if (mode === 'pg') {
    await pool.query('SELECT 1');
    return;
  }
  if (mode !== 'prisma') throw new Error(`unknown mode ${mode}`);
  const { PrismaPg } = require(join(ROOT, 'node_modules/@prisma/adapter-pg'));
  const { PrismaClient } = require(join(ROOT, 'backend/dist/generated/prisma/client'));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  await prisma.submission.count();
}

hold(process.argv[2]).then(() =>
  setTimeout(() => {
    const status = readFileSync('/proc/self/status', 'utf8');
    const mb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]) / 1024;
    console.log(JSON.stringify({ rss: mb('VmRSS'), anon: mb('RssAnon') }));
    process.exit(0);
  }, IDLE_MS),
);
