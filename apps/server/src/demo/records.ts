import { GLOBAL_ADMIN_ROLE, TENANT_ADMIN_ROLE } from '@turnout/shared';
import { sql } from 'kysely';
import { createRecord } from '../modules/entities/service.ts';
import type { AuthContext } from '../platform/auth/context.ts';
import { withContext } from '../platform/db/tenancy.ts';
import { HYDRANT_STATUSES } from './entity-types/hydrant.ts';
import { DEMO_ACCOUNTS } from './identity.ts';
import type { DemoSeeder } from './seed.ts';
import { DEMO_TENANTS } from './tenants.ts';

/** More hydrants than one page of a list holds (48), so 'load more' has something to load. */
export const DEMO_HYDRANT_COUNT = 60;

const DEMO_ADMIN = DEMO_ACCOUNTS.find((a) => a.role === GLOBAL_ADMIN_ROLE)!;
const RIVERSIDE = DEMO_TENANTS[0];

/** Hydrant H-001 … H-060 along Riverside's streets, tested on varied days, a few out of service. */
export function demoHydrant(n: number): Record<string, unknown> {
  const streets = ['River Rd', 'Mill St', 'Oak Ave', 'Station Ln', 'Harbor Way', 'Elm St'];
  const lat = 41.5 + n / 1000;
  const lng = -73.9 - n / 1000;
  const month = String((n % 12) + 1).padStart(2, '0');
  const day = String((n % 27) + 1).padStart(2, '0');
  return {
    hydrant_number: `H-${String(n).padStart(3, '0')}`,
    location: { lat, lng, value: `${lat} ${lng}`, display_value: `${(n % 90) + 10} ${streets[n % streets.length]}` },
    flow_rate: 500 + (n % 10) * 100,
    last_tested: { value: `2025-${month}-${day}` },
    status: (n % 7 === 0 ? HYDRANT_STATUSES[1] : HYDRANT_STATUSES[0])!.toLowerCase().replace(/ /g, '_'),
  };
}

/**
 * Demo records of Riverside, saved through the records service as the demo global admin acting
 * as Tenant Admin (every check the API makes applies). Idempotent: a type that already has
 * records gets none.
 */
export const recordsDemo: DemoSeeder = {
  name: 'records',
  async run({ db }) {
    const tenant = await db.selectFrom('tenant').select('id').where('name', '=', RIVERSIDE.name).executeTakeFirst();
    const admin = await db
      .selectFrom('app_user')
      .select(['id', 'email', 'display_name'])
      .where(sql`lower(email)`, '=', DEMO_ADMIN.email)
      .executeTakeFirst();
    if (!tenant || !admin) return undefined;
    const auth: AuthContext = {
      userId: admin.id,
      email: admin.email,
      displayName: admin.display_name,
      tenantId: tenant.id,
      actingRole: TENANT_ADMIN_ROLE,
      isGlobal: false,
      isGlobalAdmin: true,
      tokenHash: Buffer.alloc(0),
      signedInAsBy: null,
    };
    const existing = await withContext(db, { tenantId: tenant.id, userId: admin.id, isGlobal: false }, (tx) =>
      tx
        .selectFrom('entity')
        .innerJoin('entity_type', 'entity_type.id', 'entity.entity_type_id')
        .select('entity.id')
        .where('entity.tenant_id', '=', tenant.id)
        .where('entity_type.name', '=', 'hydrant')
        .limit(1)
        .executeTakeFirst(),
    );
    if (existing) return undefined;
    for (let n = 1; n <= DEMO_HYDRANT_COUNT; n++) await createRecord(db, auth, 'hydrant', demoHydrant(n));
    return undefined;
  },
};
