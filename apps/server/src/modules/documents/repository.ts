import { type Insertable, type Selectable, sql } from 'kysely';
import type { DocumentFolderTable, DocumentTable } from '../../platform/db/schema.ts';
import type { Tx } from '../../platform/db/tenancy.ts';
import { escapeLike, type Reader, readableBy } from '../files/repository.ts';

/** The words of a search term as a prefix query ('hydr flush' → 'hydr:* & flush:*'), or null when it has none. */
export function prefixQuery(term: string): string | null {
  const words = term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length
    ? words
        .slice(0, 8)
        .map((w) => `${w}:*`)
        .join(' & ')
    : null;
}

/** A library: a member's own ('My Documents') or a station's. */
export type Library = { kind: 'my'; ownerUserId: string } | { kind: 'station'; stationId: string };

export type FolderRow = Selectable<DocumentFolderTable>;
export type DocumentRow = Selectable<DocumentTable> & {
  original_name: string;
  mime_type: string;
  size_bytes: number | string;
  is_restricted: boolean;
  visible_to: string[];
  file_created_by: string | null;
  file_entity_type_id: string | null;
  uploader_name: string | null;
};

export interface DocumentListFilter {
  folderId: string | null;
  page: number;
  perPage: number;
  name?: string | undefined;
}

/** The name of the core type whose records are stations (migration 0030). */
export const STATION_TYPE = 'station';

/**
 * SQL of the documents library. Built on a transaction that carries the tenant (RLS applies);
 * every query names the tenant as well. Files are joined for their name, size and type, and
 * filtered with the files module's own reader check (`readableBy`).
 */
export function documentRepository(tx: Tx, tenantId: string) {
  const inLibrary = (library: Library, alias: 'd' | 'fo') => {
    const owner = sql.ref(`${alias}.owner_user_id`);
    const station = sql.ref(`${alias}.station_id`);
    return library.kind === 'my' ? sql<boolean>`${owner} = ${library.ownerUserId}` : sql<boolean>`${station} = ${library.stationId}`;
  };

  const documents = () =>
    tx
      .selectFrom('document as d')
      .innerJoin('file as f', (join) => join.onRef('f.tenant_id', '=', 'd.tenant_id').onRef('f.id', '=', 'd.file_id'))
      .leftJoin('app_user as u', 'u.id', 'd.created_by')
      .selectAll('d')
      .select([
        'f.original_name',
        'f.mime_type',
        'f.size_bytes',
        'f.is_restricted',
        'f.visible_to',
        'f.created_by as file_created_by',
        'f.entity_type_id as file_entity_type_id',
        'u.display_name as uploader_name',
      ])
      .where('d.tenant_id', '=', tenantId)
      .where('f.deleted_at', 'is', null);

  return {
    /** The stations of the tenant: records of a type named 'station' (global or the tenant's own). */
    async stations(): Promise<{ id: string; display_name: string }[]> {
      return tx
        .selectFrom('entity as e')
        .innerJoin('entity_type as t', 't.id', 'e.entity_type_id')
        .select(['e.id', 'e.display_name'])
        .where('e.tenant_id', '=', tenantId)
        .where('e.deleted_at', 'is', null)
        .where('t.name', '=', STATION_TYPE)
        .where('t.deleted_at', 'is', null)
        .orderBy(sql`lower(e.display_name)`)
        .orderBy('e.id')
        .execute();
    },

    /** Whether a station (a record of the core station type) of this tenant has this id. */
    async hasStation(id: string): Promise<boolean> {
      const row = await tx
        .selectFrom('entity as e')
        .innerJoin('entity_type as t', 't.id', 'e.entity_type_id')
        .select('e.id')
        .where('e.tenant_id', '=', tenantId)
        .where('e.id', '=', id)
        .where('e.deleted_at', 'is', null)
        .where('t.name', '=', STATION_TYPE)
        .where('t.deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    async folder(id: string): Promise<FolderRow | undefined> {
      return tx.selectFrom('document_folder').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    },

    async folders(library: Library, parent: string | null): Promise<FolderRow[]> {
      return tx
        .selectFrom('document_folder as fo')
        .selectAll()
        .where('fo.tenant_id', '=', tenantId)
        .where(inLibrary(library, 'fo'))
        .where((eb) => (parent ? eb('fo.parent_folder', '=', parent) : eb('fo.parent_folder', 'is', null)))
        .orderBy(sql`lower(fo.folder_name)`)
        .orderBy('fo.id')
        .execute();
    },

    /** Every folder of a library (for choosing where to move something). */
    async allFolders(library: Library): Promise<FolderRow[]> {
      return tx
        .selectFrom('document_folder as fo')
        .selectAll()
        .where('fo.tenant_id', '=', tenantId)
        .where(inLibrary(library, 'fo'))
        .orderBy(sql`lower(fo.folder_name)`)
        .orderBy('fo.id')
        .limit(5000)
        .execute();
    },

    /** The folder and its ancestors, top level first. */
    async path(id: string): Promise<FolderRow[]> {
      const rows = await sql<FolderRow & { depth: number }>`
        WITH RECURSIVE up AS (
          SELECT fo.*, 0 AS depth FROM document_folder fo WHERE fo.tenant_id = ${tenantId} AND fo.id = ${id}
          UNION ALL
          SELECT p.*, up.depth + 1 FROM document_folder p JOIN up ON p.tenant_id = up.tenant_id AND p.id = up.parent_folder
          WHERE up.depth < 1000
        )
        SELECT * FROM up ORDER BY depth DESC`.execute(tx);
      return rows.rows.map(({ depth: _depth, ...row }) => row);
    },

    /** Ids of the folder and every folder below it. */
    async subtree(id: string): Promise<string[]> {
      const rows = await sql<{ id: string }>`
        WITH RECURSIVE down AS (
          SELECT fo.id, 0 AS depth FROM document_folder fo WHERE fo.tenant_id = ${tenantId} AND fo.id = ${id}
          UNION ALL
          SELECT c.id, down.depth + 1 FROM document_folder c JOIN down ON c.tenant_id = ${tenantId} AND c.parent_folder = down.id
          WHERE down.depth < 1000
        )
        SELECT id FROM down`.execute(tx);
      return rows.rows.map((r) => r.id);
    },

    async siblingNamed(library: Library, parent: string | null, name: string, exceptId?: string): Promise<boolean> {
      const row = await tx
        .selectFrom('document_folder as fo')
        .select('fo.id')
        .where('fo.tenant_id', '=', tenantId)
        .where(inLibrary(library, 'fo'))
        .where((eb) => (parent ? eb('fo.parent_folder', '=', parent) : eb('fo.parent_folder', 'is', null)))
        .where(sql<boolean>`lower(fo.folder_name) = lower(${name})`)
        .$if(exceptId !== undefined, (q) => q.where('fo.id', '!=', exceptId!))
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertFolder(values: Omit<Insertable<DocumentFolderTable>, 'tenant_id'>): Promise<FolderRow> {
      return tx
        .insertInto('document_folder')
        .values({ ...values, tenant_id: tenantId })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async updateFolder(id: string, values: { folder_name?: string; parent_folder?: string | null }): Promise<void> {
      await tx
        .updateTable('document_folder')
        .set({ ...values, updated_at: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    async deleteFolder(id: string): Promise<void> {
      await tx.deleteFrom('document_folder').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },

    /** How many documents and subfolders sit directly in a folder. */
    async contentCount(id: string): Promise<number> {
      const [folders, docs] = await Promise.all([
        tx
          .selectFrom('document_folder')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', tenantId)
          .where('parent_folder', '=', id)
          .executeTakeFirstOrThrow(),
        tx
          .selectFrom('document')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', tenantId)
          .where('folder_id', '=', id)
          .executeTakeFirstOrThrow(),
      ]);
      return Number(folders.n) + Number(docs.n);
    },

    async document(id: string): Promise<DocumentRow | undefined> {
      return documents().where('d.id', '=', id).executeTakeFirst();
    },

    async handbook(): Promise<DocumentRow | undefined> {
      return documents().where('d.is_handbook', '=', true).executeTakeFirst();
    },

    /** One page of a folder's documents the reader may see, by name. */
    async list(library: Library, filter: DocumentListFilter, reader: Reader): Promise<{ rows: DocumentRow[]; total: number }> {
      let query = documents()
        .where(inLibrary(library, 'd'))
        .where((eb) => (filter.folderId ? eb('d.folder_id', '=', filter.folderId) : eb('d.folder_id', 'is', null)));
      if (!reader.isGlobalAdmin) query = query.where((eb) => readableBy(eb as never, reader));
      if (filter.name) query = query.where('f.original_name', 'ilike', `%${escapeLike(filter.name)}%`);
      const count = await query
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await query
        .orderBy(sql`lower(f.original_name)`)
        .orderBy('d.id')
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage)
        .execute();
      return { rows, total: Number(count.n) };
    },

    /**
     * Documents named like the term, or PDFs whose text has its words (as prefixes), in the
     * member's own library and, when `stations` is true, in every station's: the global search
     * (spec 01 §2.4), newest first.
     */
    async search(term: string, ownerUserId: string, stations: boolean, reader: Reader, limit: number): Promise<DocumentRow[]> {
      const words = prefixQuery(term);
      let query = documents()
        .where((eb) =>
          eb.or([
            eb('f.original_name', 'ilike', `%${escapeLike(term)}%`),
            ...(words
              ? [
                  eb.exists(
                    eb
                      .selectFrom('file_text as t')
                      .select('t.file_id')
                      .whereRef('t.tenant_id', '=', 'f.tenant_id')
                      .whereRef('t.file_id', '=', 'f.id')
                      .where(sql<boolean>`t.text_content @@ to_tsquery('simple', ${words})`),
                  ),
                ]
              : []),
          ]),
        )
        .where((eb) => eb.or([eb('d.owner_user_id', '=', ownerUserId), ...(stations ? [eb('d.station_id', 'is not', null)] : [])]));
      if (!reader.isGlobalAdmin) query = query.where((eb) => readableBy(eb as never, reader));
      return query.orderBy('d.created_at', 'desc').orderBy('d.id').limit(limit).execute();
    },

    /** Documents in the given folders (a folder being deleted with everything in it). */
    async documentsIn(folderIds: string[]): Promise<{ id: string; file_id: string }[]> {
      if (!folderIds.length) return [];
      return tx
        .selectFrom('document')
        .select(['id', 'file_id'])
        .where('tenant_id', '=', tenantId)
        .where('folder_id', 'in', folderIds)
        .execute();
    },

    async insertDocument(values: Omit<Insertable<DocumentTable>, 'tenant_id'>): Promise<string> {
      const row = await tx
        .insertInto('document')
        .values({ ...values, tenant_id: tenantId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async moveDocument(id: string, folderId: string | null): Promise<void> {
      await tx.updateTable('document').set({ folder_id: folderId }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },

    async setHandbook(id: string, on: boolean): Promise<void> {
      if (on) {
        await tx
          .updateTable('document')
          .set({ is_handbook: false })
          .where('tenant_id', '=', tenantId)
          .where('is_handbook', '=', true)
          .where('id', '!=', id)
          .execute();
      }
      await tx.updateTable('document').set({ is_handbook: on }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },

    async deleteDocuments(ids: string[]): Promise<void> {
      if (!ids.length) return;
      await tx.deleteFrom('document').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
    },

    /**
     * Files these are, once on a record, also filed in the station folder their record type
     * names in object_data.document_folder (spec 02 §3), once per folder. A folder id of another
     * tenant, a member's own folder or no folder at all files nothing.
     */
    async fileIntoTypeFolders(fileIds: string[]): Promise<void> {
      if (!fileIds.length) return;
      await sql`
        INSERT INTO document (tenant_id, file_id, folder_id, station_id, created_by)
        SELECT f.tenant_id, f.id, fo.id, fo.station_id, f.created_by
        FROM file f
        JOIN entity_type t ON t.id = f.entity_type_id
        JOIN document_folder fo ON fo.tenant_id = f.tenant_id AND fo.id::text = t.object_data->>'document_folder'
        WHERE f.tenant_id = ${tenantId} AND f.id IN (${sql.join(fileIds)})
          AND f.entity_id IS NOT NULL AND f.deleted_at IS NULL AND fo.station_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM document d WHERE d.tenant_id = f.tenant_id AND d.file_id = f.id AND d.folder_id = fo.id)
      `.execute(tx);
    },

    /** Of these files, those no document uses any more. */
    async unusedFiles(fileIds: string[]): Promise<string[]> {
      if (!fileIds.length) return [];
      const used = await tx
        .selectFrom('document')
        .select('file_id')
        .where('tenant_id', '=', tenantId)
        .where('file_id', 'in', fileIds)
        .execute();
      const usedIds = new Set(used.map((r) => r.file_id));
      return [...new Set(fileIds)].filter((id) => !usedIds.has(id));
    },
  };
}

export type DocumentRepository = ReturnType<typeof documentRepository>;
