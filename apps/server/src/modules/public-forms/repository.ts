import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';

/**
 * The public_form_event table (migration 0032, row-level security by tenant) and the tenant
 * header a public form shows. Visitors have no session: work runs for the tenant of a link
 * (inTenant), or across tenants where that is the point (unsafeAcrossTenants: the per-address
 * limit and used captchas).
 */
export interface PublicEvent {
  kind: 'submit' | 'upload';
  tenantId: string;
  entityTypeId: string;
  ip: string;
  fileId?: string | null;
  entityId?: string | null;
  proof?: string | null;
}

export function publicFormRepository(db: Kysely<DB>) {
  return {
    /** The tenant's name and colour for the form's header; undefined for an unknown tenant. */
    tenantHeader(tenantId: string) {
      return db.selectFrom('tenant').select(['id', 'display_name', 'color']).where('id', '=', tenantId).executeTakeFirst();
    },

    async record(event: PublicEvent): Promise<void> {
      await db
        .insertInto('public_form_event')
        .values({
          kind: event.kind,
          tenant_id: event.tenantId,
          entity_type_id: event.entityTypeId,
          ip: event.ip,
          file_id: event.fileId ?? null,
          entity_id: event.entityId ?? null,
          proof: event.proof ?? null,
        })
        .execute();
    },

    async proofUsed(proof: string): Promise<boolean> {
      return (await db.selectFrom('public_form_event').select('id').where('proof', '=', proof).executeTakeFirst()) !== undefined;
    },

    /** How many events of this kind came from this address since then. */
    async countByAddress(kind: PublicEvent['kind'], ip: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('public_form_event')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('ip', '=', ip)
        .where('kind', '=', kind)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** How many events of this kind came through one link (tenant and type) since then. */
    async countByLink(kind: PublicEvent['kind'], tenantId: string, entityTypeId: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('public_form_event')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('entity_type_id', '=', entityTypeId)
        .where('kind', '=', kind)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The files of this list that visitors uploaded through this link and that no record holds yet. */
    async unclaimedUploads(tenantId: string, entityTypeId: string, fileIds: string[]): Promise<Set<string>> {
      if (fileIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('public_form_event as e')
        .select('e.file_id')
        .where('e.kind', '=', 'upload')
        .where('e.tenant_id', '=', tenantId)
        .where('e.entity_type_id', '=', entityTypeId)
        .where('e.file_id', 'in', fileIds)
        .execute();
      return new Set(rows.map((r) => r.file_id).filter((id): id is string => id !== null));
    },

    /** The upload event of a file: which link (type) it came through. */
    uploadOf(tenantId: string, fileId: string) {
      return db
        .selectFrom('public_form_event')
        .select(['entity_type_id'])
        .where('kind', '=', 'upload')
        .where('tenant_id', '=', tenantId)
        .where('file_id', '=', fileId)
        .executeTakeFirst();
    },

    /** Forgets events older than the longest window (kept small; called now and then). */
    async prune(before: Date): Promise<void> {
      await db.deleteFrom('public_form_event').where('created_at', '<', before).execute();
    },
  };
}

type Repository = ReturnType<typeof publicFormRepository>;

/** A tenant's events, as nobody (a visitor): row-level security keeps to that tenant. */
export function inTenant<T>(db: Kysely<DB>, tenantId: string, fn: (repo: Repository) => Promise<T>): Promise<T> {
  return withContext(db, { tenantId, userId: null, isGlobal: false }, (tx) => fn(publicFormRepository(tx)));
}

/** Counts and checks over every tenant's events (one address, many departments). Nothing here is scoped. */
export function unsafeAcrossTenants<T>(db: Kysely<DB>, fn: (repo: Repository) => Promise<T>): Promise<T> {
  return withContext(db, { tenantId: null, userId: null, isGlobal: true }, (tx) => fn(publicFormRepository(tx)));
}
