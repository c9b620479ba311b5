import { TENANT_ADMIN_ROLE, TENANT_MESSAGES, type TenantRecord, type TenantUpdate } from '@turnout/shared';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type FieldErrors, forbidden, invalid, notFound } from '../../platform/http/errors.ts';
import { tenantRepository } from './repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PICTURE_URL = /^\/api\/files\/([0-9a-f-]{36})\/content$/i;

/**
 * The tenant if the caller may see it: a global admin any tenant, anyone else only a tenant
 * they hold a role in. A tenant they may not see answers like one that does not exist.
 */
async function visibleTenant(db: Kysely<DB>, auth: AuthContext, unverifiedId: string): Promise<TenantRecord> {
  const repo = tenantRepository(db);
  const tenant = UUID.test(unverifiedId) ? await repo.find(unverifiedId) : undefined;
  if (!tenant) throw notFound();
  if (!auth.isGlobalAdmin && !(await repo.isMember(auth.userId, tenant.id))) throw notFound();
  return tenant;
}

/** GET /tenant/{id}: My Department as its members see it. */
export async function showTenant(db: Kysely<DB>, auth: AuthContext, unverifiedId: string): Promise<TenantRecord> {
  return visibleTenant(db, auth, unverifiedId);
}

/**
 * Who may edit a tenant: global admins any tenant; a Tenant Admin (Fire Chief) the tenant they
 * act in. Trainer admins and everyone else see My Department read-only.
 */
export function mayEditTenant(auth: AuthContext, tenantId: string): boolean {
  return auth.isGlobalAdmin || (auth.tenantId === tenantId && auth.actingRole === TENANT_ADMIN_ROLE);
}

/** PUT /tenant/{id}: name (global admins only), display name, colour, formats and picture. */
export async function updateTenant(db: Kysely<DB>, auth: AuthContext, unverifiedId: string, body: TenantUpdate): Promise<TenantRecord> {
  const tenant = await visibleTenant(db, auth, unverifiedId);
  if (!mayEditTenant(auth, tenant.id)) throw forbidden();
  const repo = tenantRepository(db);
  const errors: FieldErrors = {};
  if (body.name !== tenant.name) {
    if (!auth.isGlobalAdmin) errors.name = [TENANT_MESSAGES.nameGlobalOnly];
    else if (await repo.nameTakenByAnother(body.name, tenant.id)) errors.name = [TENANT_MESSAGES.nameTaken];
  }
  const picture = body.SYSTEM_display_picture;
  if (picture !== null && picture !== tenant.SYSTEM_display_picture) {
    const fileId = PICTURE_URL.exec(picture)?.[1];
    if (!fileId || !UUID.test(fileId) || !(await repo.isPublicImage(tenant.id, fileId)))
      errors.SYSTEM_display_picture = [TENANT_MESSAGES.picture];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  await repo.update(tenant.id, {
    name: body.name,
    display_name: body.display_name,
    color: body.color,
    date_format: body.date_format,
    time_format: body.time_format,
    display_picture: picture,
  });
  return (await repo.find(tenant.id))!;
}
