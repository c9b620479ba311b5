import { GLOBAL_ADMIN_ROLE, roleLabel, TENANT_ADMIN_ROLE } from '@turnout/shared';
import { sql } from 'kysely';
import { createUserAccount } from '../modules/identity/accounts.ts';
import type { DemoAccount, DemoSeeder } from './seed.ts';

/** The demo accounts of the identity issue; every password is DEMO_PASSWORD. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@turnout.example', displayName: 'Avery Admin', role: GLOBAL_ADMIN_ROLE, tenant: null },
  { email: 'chief@riverside.example', displayName: 'Riley Chief', role: TENANT_ADMIN_ROLE, tenant: 'riverside' },
  { email: 'captain@riverside.example', displayName: 'Casey Captain', role: 'Department Officer', tenant: 'riverside' },
  { email: 'firefighter@riverside.example', displayName: 'Frankie Firefighter', role: 'Tenant User', tenant: 'riverside' },
  { email: 'chief@lakeside.example', displayName: 'Lee Chief', role: TENANT_ADMIN_ROLE, tenant: 'lakeside' },
  { email: 'lieutenant@station1.example', displayName: 'Logan Lieutenant', role: 'Lieutenant', tenant: 'riverside' },
  { email: 'engineer@station1.example', displayName: 'Emery Engineer', role: 'Engineer', tenant: 'riverside' },
  { email: 'pump.engineer@station2.example', displayName: 'Parker Pump', role: 'Engineer', tenant: 'riverside' },
  { email: 'robin.records@e2e.example', displayName: 'Robin Records', role: TENANT_ADMIN_ROLE, tenant: 'riverside' },
  // Conversations (e2e/tests/conversations.spec.ts): two members who message each other.
  { email: 'dana.dispatch@e2e.example', displayName: 'Dana Dispatch', role: 'Lieutenant', tenant: 'riverside' },
  { email: 'sam.squad@e2e.example', displayName: 'Sam Squad', role: 'Tenant User', tenant: 'riverside' },
  // Offline use (e2e/tests/offline-*.spec.ts): its own types, records, queue and drafts.
  { email: 'olive.offline@e2e.example', displayName: 'Olive Offline', role: TENANT_ADMIN_ROLE, tenant: 'riverside' },
] as const;

export const identityDemo: DemoSeeder = {
  name: 'identity',
  async run({ db, password, argon2 }) {
    const accounts: DemoAccount[] = [];
    for (const account of DEMO_ACCOUNTS) {
      const tenant = account.tenant
        ? await db.selectFrom('tenant').select(['id', 'display_name']).where('name', '=', account.tenant).executeTakeFirstOrThrow()
        : null;
      const exists = await db.selectFrom('app_user').select('id').where(sql`lower(email)`, '=', account.email).executeTakeFirst();
      if (!exists) {
        await createUserAccount(
          db,
          {
            email: account.email,
            displayName: account.displayName,
            password,
            roles: [{ roleKey: account.role, tenantId: tenant?.id ?? null }],
          },
          argon2,
        );
      }
      accounts.push({ email: account.email, role: roleLabel(account.role), tenant: tenant?.display_name ?? null });
    }
    return accounts;
  },
};
