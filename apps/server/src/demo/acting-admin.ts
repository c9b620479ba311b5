import { GLOBAL_ADMIN_ROLE, TENANT_ADMIN_ROLE } from '@turnout/shared';
import { type Kysely, sql } from 'kysely';
import type { AuthContext } from '../platform/auth/context.ts';
import type { DB } from '../platform/db/schema.ts';
import { withContext } from '../platform/db/tenancy.ts';
import { DEMO_ACCOUNTS } from './identity.ts';
import { DEMO_TENANTS } from './tenants.ts';

const DEMO_ADMIN = DEMO_ACCOUNTS.find((a) => a.role === GLOBAL_ADMIN_ROLE)!;
const RIVERSIDE = DEMO_TENANTS[0];

/**
 * The demo global admin acting as Tenant Admin in Riverside: who the demo seeders work as.
 * Undefined until the tenants and identity seeders have run.
 */
export async function riversideAdmin(
  db: Kysely<DB>,
): Promise<{ tenant: { id: string }; admin: { id: string; email: string; display_name: string }; auth: AuthContext } | undefined> {
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
  return { tenant, admin, auth };
}

/** Whether Riverside already has a record of the type (a seeder that made them once makes none again). */
export async function hasRecordsOf(db: Kysely<DB>, tenantId: string, adminId: string, typeName: string): Promise<boolean> {
  const row = await withContext(db, { tenantId, userId: adminId, isGlobal: false }, (tx) =>
    tx
      .selectFrom('entity')
      .innerJoin('entity_type', 'entity_type.id', 'entity.entity_type_id')
      .select('entity.id')
      .where('entity.tenant_id', '=', tenantId)
      .where('entity_type.name', '=', typeName)
      .limit(1)
      .executeTakeFirst(),
  );
  return row !== undefined;
}
