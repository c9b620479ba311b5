import { withContext } from '../platform/db/tenancy.ts';
import type { DemoSeeder } from './seed.ts';

const NOTICES = [
  { title: 'Apparatus checks move to 07:30', body: 'Starting Monday, morning apparatus checks begin at 07:30 at every station.' },
  { title: 'Hose testing this weekend', body: 'Annual hose testing at Station 1, Saturday from 08:00. All shifts please help.' },
  { title: 'Welcome to Turnout', body: 'Incident reports, checks, training and time sheets now live in one place.' },
];

export const noticesDemo: DemoSeeder = {
  name: 'notices',
  async run({ db }) {
    const tenant = await db.selectFrom('tenant').select('id').where('name', '=', 'riverside').executeTakeFirst();
    if (!tenant) return undefined;
    await withContext(db, { tenantId: tenant.id, userId: null, isGlobal: false }, async (tx) => {
      const existing = await tx.selectFrom('notice').select('id').where('tenant_id', '=', tenant.id).limit(1).executeTakeFirst();
      if (existing) return;
      await tx
        .insertInto('notice')
        .values(NOTICES.map((n) => ({ ...n, tenant_id: tenant.id, created_by: null })))
        .execute();
    });
    return undefined;
  },
};
