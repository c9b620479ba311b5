import type { TenantRecord } from '@turnout/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { toTenantRecord } from '../identity/user.ts';

const COLUMNS = ['id', 'name', 'display_name', 'color', 'date_format', 'time_format', 'display_picture'] as const;

/** The tenant table: not tenant-owned (no row-level security), so every query names its tenant. */
export function tenantRepository(db: Kysely<DB>) {
  return {
    async find(unverifiedId: string): Promise<TenantRecord | undefined> {
      const row = await db.selectFrom('tenant').select(COLUMNS).where('id', '=', unverifiedId).executeTakeFirst();
      return row ? toTenantRecord(row) : undefined;
    },

    async isMember(userId: string, tenantId: string): Promise<boolean> {
      const row = await db
        .selectFrom('role_assignment')
        .select('id')
        .where('user_id', '=', userId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async nameTakenByAnother(name: string, tenantId: string): Promise<boolean> {
      const row = await db
        .selectFrom('tenant')
        .select('id')
        .where(sql<string>`lower(name)`, '=', name.toLowerCase())
        .where('id', '!=', tenantId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** An image of the tenant that every member may read (not restricted, not limited to roles). */
    async isPublicImage(tenantId: string, fileId: string): Promise<boolean> {
      const row = await withContext(db, { tenantId, userId: null, isGlobal: false }, (tx) =>
        tx
          .selectFrom('file')
          .select(['mime_type', 'is_restricted', 'visible_to'])
          .where('tenant_id', '=', tenantId)
          .where('id', '=', fileId)
          .where('deleted_at', 'is', null)
          .executeTakeFirst(),
      );
      return !!row && row.mime_type.startsWith('image/') && !row.is_restricted && row.visible_to.length === 0;
    },

    async update(
      tenantId: string,
      values: {
        name: string;
        display_name: string;
        color: string | null;
        date_format: string;
        time_format: string;
        display_picture: string | null;
      },
    ): Promise<void> {
      await db
        .updateTable('tenant')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', tenantId)
        .execute();
    },
  };
}
