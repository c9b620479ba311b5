import { sql } from 'kysely';
import { createRecord } from '../modules/entities/service.ts';
import { hasRecordsOf, riversideAdmin } from './acting-admin.ts';
import type { DemoSeeder } from './seed.ts';

/** Who works the A, B and C shifts in the demo (Riverside members of the identity seeder). */
const CREW = ['captain@riverside.example', 'lieutenant@station1.example', 'engineer@station1.example'];
const SHIFT_KEYS = ['a_shift', 'b_shift', 'c_shift'];
const STATION_KEYS = ['station_1', 'station_2', 'station_3'];
export const DEMO_SHIFT_DAYS = { before: 7, after: 14 } as const;

/**
 * Riverside's department shifts from a week before the seed to two weeks after: one 24-hour
 * shift a day from 12:00 UTC, A, B and C in turn, each with its assignee; every fifth has none,
 * so the schedule timeline (spec 01 §2.6) shows its 'No assignee' row. Idempotent.
 */
export const shiftsDemo: DemoSeeder = {
  name: 'shifts',
  async run({ db }) {
    const acting = await riversideAdmin(db);
    if (!acting) return undefined;
    const { tenant, admin, auth } = acting;
    if (await hasRecordsOf(db, tenant.id, admin.id, 'department_shifts')) return undefined;
    const users = await db.selectFrom('app_user').select(['id', 'email']).where(sql`lower(email)`, 'in', CREW).execute();
    const idOf = new Map(users.map((u) => [u.email.toLowerCase(), u.id]));
    const today = new Date();
    for (let day = -DEMO_SHIFT_DAYS.before; day <= DEMO_SHIFT_DAYS.after; day++) {
      const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + day, 12));
      const end = new Date(start.getTime() + 86_400_000);
      const turn = ((day % 3) + 3) % 3;
      const assignee = (day + DEMO_SHIFT_DAYS.before) % 5 === 4 ? undefined : idOf.get(CREW[turn]!);
      await createRecord(db, auth, 'department_shifts', {
        shift_name: SHIFT_KEYS[turn],
        station: STATION_KEYS[turn],
        shift_start: { value: start.toISOString() },
        shift_end: { value: end.toISOString() },
        ...(assignee ? { assignee } : {}),
      });
    }
    return undefined;
  },
};
