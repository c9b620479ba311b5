import { type Expression, type ExpressionBuilder, type Insertable, type Selectable, type SqlBool, sql } from 'kysely';
import type { FileTable } from '../../platform/db/schema.ts';
import type { Tx } from '../../platform/db/tenancy.ts';

export type FileRow = Selectable<FileTable> & { entity_display_name: string | null; entity_uri: string | null };

/** Who is reading: the checks of `mayRead` (service.ts), written once more in SQL for lists. */
export interface Reader {
  userId: string;
  role: string | null;
  isGlobalAdmin: boolean;
  /** Entity types whose records the reader may view; files of other types' records are hidden. */
  viewableTypeIds: string[];
}

export interface ListFilter {
  page: number;
  perPage: number;
  displayName?: string | undefined;
  mimePrefixes?: string[] | undefined;
  mimeTypes?: string[] | undefined;
}

/**
 * The reader's check as SQL over a `file` aliased `f`: for lists here and for other modules'
 * lists that show files (documents). Global admins need no condition.
 */
export function readableBy(eb: ExpressionBuilder<{ f: FileTable }, 'f'>, reader: Reader): Expression<SqlBool> {
  return eb.and([
    eb.or([
      eb('f.created_by', '=', reader.userId),
      eb.and([eb('f.is_restricted', '=', false), eb(sql`cardinality(f.visible_to)`, '=', 0)]),
      ...(reader.role ? [sql<SqlBool>`${reader.role} = ANY(f.visible_to)`] : []),
    ]),
    eb.or([
      eb('f.entity_type_id', 'is', null),
      ...(reader.viewableTypeIds.length ? [eb('f.entity_type_id', 'in', reader.viewableTypeIds)] : []),
    ]),
  ]);
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * SQL for files. Built on a transaction that already carries the tenant (RLS applies); every
 * query names the tenant as well (STACK.md).
 */
export function fileRepository(tx: Tx, tenantId: string) {
  const base = () =>
    tx
      .selectFrom('file as f')
      .leftJoin('entity as e', (join) => join.onRef('e.tenant_id', '=', 'f.tenant_id').onRef('e.id', '=', 'f.entity_id'))
      .selectAll('f')
      .select(['e.display_name as entity_display_name', 'e.uri as entity_uri'])
      .where('f.tenant_id', '=', tenantId);

  return {
    async findById(id: string): Promise<FileRow | undefined> {
      return base().where('f.id', '=', id).where('f.deleted_at', 'is', null).executeTakeFirst();
    },

    /** Deleted or not. */
    async findAny(id: string): Promise<FileRow | undefined> {
      return base().where('f.id', '=', id).executeTakeFirst();
    },

    async findByOfflineId(offlineId: string): Promise<FileRow | undefined> {
      return base().where('f.offline_id', '=', offlineId).executeTakeFirst();
    },

    /** Inserts the file; with an offline_id already taken it inserts nothing and answers undefined. */
    async insert(values: Omit<Insertable<FileTable>, 'tenant_id'>): Promise<boolean> {
      const row = await tx
        .insertInto('file')
        .values({ ...values, tenant_id: tenantId })
        .onConflict((oc) => oc.columns(['tenant_id', 'offline_id']).where('offline_id', 'is not', null).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async list(filter: ListFilter, reader: Reader): Promise<{ rows: FileRow[]; total: number }> {
      let query = base().where('f.deleted_at', 'is', null);
      if (!reader.isGlobalAdmin) query = query.where((eb) => readableBy(eb, reader));
      if (filter.displayName) query = query.where('f.original_name', 'ilike', `%${escapeLike(filter.displayName)}%`);
      if (filter.mimePrefixes || filter.mimeTypes) {
        const prefixes = filter.mimePrefixes ?? [];
        const types = filter.mimeTypes ?? [];
        query = query.where((eb) =>
          eb.or([
            ...prefixes.map((p) => eb('f.mime_type', 'like', `${escapeLike(p)}%`)),
            ...(types.length ? [eb('f.mime_type', 'in', types)] : []),
          ]),
        );
      }
      const count = await query
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await query
        .orderBy('f.created_at', 'desc')
        .orderBy('f.id', 'desc')
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage)
        .execute();
      return { rows, total: Number(count.n) };
    },

    /** Removes the row for good (its bytes are the caller's to remove). */
    async hardDelete(id: string): Promise<void> {
      await tx.deleteFrom('file').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },

    async softDelete(id: string, userId: string): Promise<void> {
      await tx
        .updateTable('file')
        .set({ deleted_at: new Date(), deleted_by: userId })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .execute();
    },

    /**
     * The record a client_entity_id names in this tenant: its id, or the offline_id it was
     * saved with. Read here because the entities module has no look-up by id alone yet.
     */
    async record(clientEntityId: string) {
      const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(clientEntityId);
      return tx
        .selectFrom('entity')
        .select(['id', 'entity_type_id', 'display_name', 'uri', 'place'])
        .where('tenant_id', '=', tenantId)
        .where('deleted_at', 'is', null)
        .where((eb) =>
          isUuid ? eb.or([eb('id', '=', clientEntityId), eb('offline_id', '=', clientEntityId)]) : eb('offline_id', '=', clientEntityId),
        )
        .executeTakeFirst();
    },
  };
}
