import { sql } from 'kysely';
import type { DemoSeeder } from './seed.ts';

export const DEMO_TENANTS = [
  { name: 'riverside', display_name: 'Riverside Fire Department' },
  { name: 'lakeside', display_name: 'Lakeside Fire District' },
] as const;

export const tenantsDemo: DemoSeeder = {
  name: 'tenants',
  async run({ db }) {
    for (const tenant of DEMO_TENANTS) {
      await db
        .insertInto('tenant')
        .values(tenant)
        .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
        .execute();
    }
    return undefined;
  },
};
