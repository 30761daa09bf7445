/**
 * The data of bench:history: `devices` devices reporting every `stepMinutes` for `days`, written
 * as ingest writes them — a day at a time, each minute's readings of every device side by side
 * (so one device's rows are spread over the table, not packed together), into monthly
 * partitions made beforehand (the worker's), and the rollups of each level likewise interleaved.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { queryRows } from '../apps/server/src/db/query.js';
import { hashPassword } from '../apps/server/src/lib/secrets.js';
import * as accountsRepo from '../apps/server/src/modules/accounts/repo.js';
import { ensurePartitions } from '../apps/server/src/modules/readings/partitions.js';
import * as usersRepo from '../apps/server/src/modules/users/repo.js';

const minute = 60_000;
const day = 1440 * minute;

export type SeedPlan = { devices: number; days: number; stepMinutes: number; end: Date };
export type Seeded = {
  email: string;
  deviceIds: string[];
  readings: number;
  seedSeconds: number;
};

const levels = [
  { table: 'reading_rollups_10m', source: 'reading_rollups_1m', secs: 600 },
  { table: 'reading_rollups_1h', source: 'reading_rollups_10m', secs: 3600 },
  { table: 'reading_rollups_6h', source: 'reading_rollups_1h', secs: 21_600 },
  { table: 'reading_rollups_1d', source: 'reading_rollups_1h', secs: 86_400 },
];

/** One day of readings of every device, in time order, then that day's rollups of each level. */
export async function seedDay(db: Db, ids: string[], dayStart: Date, stepMinutes: number) {
  const lo = dayStart.toISOString();
  const hi = new Date(dayStart.getTime() + day).toISOString();
  const steps = 1440 / stepMinutes;
  await db.execute(sql`
    insert into readings (device_id, ts, t, h, b)
    select d.id, ${lo}::timestamptz + make_interval(mins => i * ${stepMinutes}),
      (-80 + 1.5 * sin((extract(epoch from ${lo}::timestamptz) / 60 + i * ${stepMinutes}) / 720.0) + random() * 0.2)::real,
      (45 + 5 * sin(i / 144.0))::real, (95 - d.n % 10)::real
    from generate_series(0, ${steps - 1}) as i,
      unnest(${sql.param(ids)}::uuid[]) with ordinality as d(id, n)
    order by i, d.n`);
  await db.execute(sql`
    insert into reading_rollups_1m (device_id, bucket, metric, min, max, sum, count)
    select device_id, date_trunc('minute', ts, 'UTC'), m.metric, min(m.v), max(m.v), sum(m.v), count(*)::int
    from readings cross join lateral (values ('t', t::float8), ('h', h::float8), ('b', b::float8)) as m(metric, v)
    where ts >= ${lo}::timestamptz and ts < ${hi}::timestamptz
    group by 2, 1, 3 order by 2, 1, 3`);
  for (const level of levels) {
    await db.execute(sql`
      insert into ${sql.identifier(level.table)} (device_id, bucket, metric, min, max, sum, count)
      select device_id,
        date_bin(make_interval(secs => ${level.secs}), bucket, timestamptz '2000-01-01 00:00:00+00'),
        metric, min(min), max(max), sum(sum), sum(count)::int
      from ${sql.identifier(level.source)}
      where bucket >= ${lo}::timestamptz and bucket < ${hi}::timestamptz
      group by 2, 1, 3 order by 2, 1, 3`);
  }
}

/** An account, its owner (who signs in for the HTTP calls) and the devices with their history. */
export async function seedHistory(db: Db, plan: SeedPlan, log: (line: string) => void) {
  const email = 'bench-owner@bench.example';
  const account = await accountsRepo.insertAccount(db, {
    companyName: 'Bench Laboratory',
    email,
    countryCode: '+44',
    phoneNumber: '2070000000',
  });
  await usersRepo.insertUser(db, {
    accountId: account.id,
    parentId: null,
    name: 'Bench Owner',
    email,
    passwordHash: await hashPassword('bench-password'),
    role: 'super_user',
    isActivated: true,
    emailConfirmedAt: new Date(),
  });
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into devices (account_id, device_id, name)
      select ${account.id}::uuid, 'be:nc:' || lpad(to_hex(i), 8, '0'), 'Bench Freezer ' || i
      from generate_series(1, ${plan.devices}) i order by i returning id`,
  );
  const deviceIds = rows.map((row) => row.id);
  const first = new Date(Math.floor(plan.end.getTime() / day) * day - (plan.days - 1) * day);
  await ensurePartitions(db, first.getTime(), plan.end.getTime());
  const started = performance.now();
  for (let index = 0; index < plan.days; index += 1) {
    await seedDay(db, deviceIds, new Date(first.getTime() + index * day), plan.stepMinutes);
    if (index % 30 === 29) log(`  ${String(index + 1)} of ${String(plan.days)} days seeded`);
  }
  // What the worker's hourly job does (modules/readings/maintenance.ts): the visibility map lets charts read the
  // rollups from their index alone; planner statistics as autovacuum would gather them.
  for (const table of ['reading_rollups_1m', ...levels.map((level) => level.table)]) {
    await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  }
  await db.execute(sql`analyze readings`);
  return {
    email,
    deviceIds,
    readings: plan.devices * plan.days * (1440 / plan.stepMinutes),
    seedSeconds: Math.round((performance.now() - started) / 100) / 10,
  } satisfies Seeded;
}
