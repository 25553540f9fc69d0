/**
 * pg-boss calls of the scale-out test (scripts/scale-out/index.mjs), run inside the worker container (`docker exec`,
 * fed on stdin, working directory /app) with the image's own pg-boss and DATABASE_URL. Only pg-boss's documented API:
 *   ACTION=list          prints every schedule (getSchedules).
 *   ACTION=every-minute  every schedule (getSchedules) is set to recur each minute, keeping its data, key and zone;
 *                        prints the schedules as they were.
 *   ACTION=restore SCHEDULES=…  puts back the schedules every-minute printed.
 *   ACTION=jobs SINCE=…  prints every job created since SINCE (ISO time) in each scheduled queue (findJobs).
 */
import { PgBoss } from 'pg-boss';

const boss = new PgBoss({
  connectionString: process.env.DATABASE_URL,
  schema: 'pgboss',
  max: 1,
  supervise: false,
  schedule: false,
  migrate: false,
});
boss.on('error', (error) => console.error(error.message));
await boss.start();
try {
  const schedules = await boss.getSchedules();
  if (process.env.ACTION === 'list') {
    console.log(JSON.stringify(schedules));
  } else if (process.env.ACTION === 'every-minute') {
    for (const { name, key, data, options, timezone } of schedules) {
      await boss.schedule(name, '* * * * *', data ?? null, { ...options, tz: timezone, key });
    }
    console.log(JSON.stringify(schedules));
  } else if (process.env.ACTION === 'restore') {
    for (const { name, key, cron, data, options, timezone } of JSON.parse(process.env.SCHEDULES ?? '[]')) {
      await boss.schedule(name, cron, data ?? null, { ...options, tz: timezone, key });
    }
    console.log('[]');
  } else {
    const since = new Date(process.env.SINCE ?? 0);
    const jobs = {};
    for (const { name } of schedules) {
      jobs[name] = (await boss.findJobs(name))
        .filter((job) => job.createdOn >= since)
        .map(({ id, state, createdOn, completedOn, retryCount }) => ({
          id,
          state,
          createdOn,
          completedOn,
          retryCount,
        }));
    }
    console.log(JSON.stringify(jobs));
  }
} finally {
  await boss.stop({ graceful: false, close: true });
}
