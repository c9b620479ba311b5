import { DEFAULT_ROLE } from '@turnout/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { type Argon2Cost, hashPassword } from './passwords.ts';

export interface NewAccount {
  email: string;
  displayName: string;
  /** Unset: the account has no password until its welcome link is used. */
  password?: string;
  roles: { roleKey: string; tenantId: string | null }[];
  /** A personnel record in each tenant of the account's tenant roles, with this role. */
  personnelRole?: string;
}

/** Makes a user with roles and personnel records; returns the id. Used by the demo seed and tests. */
export async function createUserAccount(db: Kysely<DB>, account: NewAccount, cost: Argon2Cost): Promise<string> {
  const passwordHash = account.password ? await hashPassword(account.password, cost) : null;
  const user = await db
    .insertInto('app_user')
    .values({ email: account.email, display_name: account.displayName, password_hash: passwordHash })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const role of account.roles) {
    await db
      .insertInto('role_assignment')
      .values({ user_id: user.id, role_key: role.roleKey, tenant_id: role.tenantId })
      .onConflict((oc) =>
        oc.expression(sql`user_id, role_key, COALESCE(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid)`).doNothing(),
      )
      .execute();
  }
  const tenants = [...new Set(account.roles.map((r) => r.tenantId).filter((t): t is string => t !== null))];
  for (const tenantId of tenants) {
    const role = account.personnelRole ?? account.roles.find((r) => r.tenantId === tenantId)?.roleKey ?? DEFAULT_ROLE;
    await withContext(db, { tenantId, userId: null, isGlobal: false }, (tx) =>
      tx
        .insertInto('personnel')
        .values({ tenant_id: tenantId, user_id: user.id, display_name: account.displayName, email_address: account.email, role })
        .execute(),
    );
  }
  return user.id;
}
