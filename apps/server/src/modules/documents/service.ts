import {
  DOCUMENT_MESSAGES,
  type DocumentFolder,
  type DocumentLibrary,
  type DocumentResource,
  type DocumentStation,
  type FolderListing,
  type LibraryAbilities,
  makePageMeta,
  type PageMeta,
} from '@turnout/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type AuthContext, actingTenant, dbContext, isTenantAdmin } from '../../platform/auth/context.ts';
import type { BlobStore } from '../../platform/blobs/index.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type Tx, withContext } from '../../platform/db/tenancy.ts';
import { forbidden, invalid, notFound } from '../../platform/http/errors.ts';
import type { Reader } from '../files/repository.ts';
import { mayRead, readerOf, releaseFile, showFile } from '../files/service.ts';
import { guardFor, type PermissionGuard } from '../permissions/service.ts';
import { type DocumentRepository, type DocumentRow, documentRepository, type FolderRow, type Library, STATION_TYPE } from './repository.ts';

export interface DocumentDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  log: FastifyBaseLogger;
}

/** Where a request points: a library and, unverified, a station and a folder. */
export interface PlaceInput {
  library: DocumentLibrary;
  station_id?: string | null | undefined;
}

const folderUnavailable = () => notFound(DOCUMENT_MESSAGES.folderUnavailable);
const documentUnavailable = () => notFound(DOCUMENT_MESSAGES.documentUnavailable);

/** Who calls, resolved before any transaction (PGlite has one connection: no nested ones). */
interface Caller {
  auth: AuthContext;
  tenantId: string;
  guard: PermissionGuard;
  reader: Reader;
}

async function callerOf(db: Kysely<DB>, auth: AuthContext): Promise<Caller> {
  const tenantId = actingTenant(auth);
  const [guard, reader] = await Promise.all([guardFor(db, auth), readerOf(db, auth)]);
  return { auth, tenantId, guard, reader };
}

const mayBrowseStations = (c: Caller) => c.guard.can('document', 'view') && c.guard.can(STATION_TYPE, 'view');

/**
 * What the caller may do in a library. A member's own library is theirs alone: everything.
 * A station's follows the permission document: 'document' and 'document_folder' keys.
 */
export function abilitiesIn(c: Caller, library: Library): LibraryAbilities {
  if (library.kind === 'my') {
    return {
      upload: true,
      create_folder: true,
      update_folder: true,
      delete_folder: true,
      update_document: true,
      delete_document: true,
      set_handbook: false,
    };
  }
  const can = c.guard.can;
  return {
    upload: can('document', 'create'),
    create_folder: can('document_folder', 'create'),
    update_folder: can('document_folder', 'update'),
    delete_folder: can('document_folder', 'delete'),
    update_document: can('document', 'update'),
    delete_document: can('document', 'delete'),
    set_handbook: isTenantAdmin(c.auth) || can('document', 'update'),
  };
}

/** The library a request names, checked: a station must be one of the tenant's the caller may browse. */
async function libraryOf(repo: DocumentRepository, c: Caller, place: PlaceInput, field = 'station_id'): Promise<Library> {
  if (place.library === 'my') return { kind: 'my', ownerUserId: c.auth.userId };
  if (!place.station_id) throw invalid({ [field]: [DOCUMENT_MESSAGES.stationRequired] });
  if (!mayBrowseStations(c)) throw forbidden();
  // One station looked up, not every station read (each folder list asks this).
  if (!(await repo.hasStation(place.station_id))) throw invalid({ [field]: [DOCUMENT_MESSAGES.stationUnavailable] });
  return { kind: 'station', stationId: place.station_id };
}

function libraryOfRow(row: { owner_user_id: string | null; station_id: string | null }): Library {
  return row.owner_user_id ? { kind: 'my', ownerUserId: row.owner_user_id } : { kind: 'station', stationId: row.station_id! };
}

const sameLibrary = (a: Library, b: Library) =>
  a.kind === 'my' ? b.kind === 'my' && a.ownerUserId === b.ownerUserId : b.kind === 'station' && a.stationId === b.stationId;

/** Whether the caller may see what is in this library at all (not the restricted files in it). */
function mayOpen(c: Caller, library: Library): boolean {
  if (library.kind === 'my') return library.ownerUserId === c.auth.userId;
  return c.auth.isGlobalAdmin || mayBrowseStations(c);
}

async function visibleFolder(repo: DocumentRepository, c: Caller, unverifiedId: string): Promise<FolderRow> {
  const row = await repo.folder(unverifiedId);
  if (!row || !mayOpen(c, libraryOfRow(row))) throw folderUnavailable();
  if (row.station_id && !c.auth.isGlobalAdmin && !c.guard.can('document_folder', 'view')) throw folderUnavailable();
  return row;
}

function presentFolder(row: FolderRow): DocumentFolder {
  return {
    id: row.id,
    folder_name: row.folder_name,
    parent_folder: row.parent_folder,
    library: row.owner_user_id ? 'my' : 'station',
    station_id: row.station_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function presentDocument(row: DocumentRow): DocumentResource {
  return {
    id: row.id,
    name: row.original_name,
    folder_id: row.folder_id,
    library: row.owner_user_id ? 'my' : 'station',
    station_id: row.station_id,
    is_handbook: row.is_handbook,
    file_id: row.file_id,
    url: `/api/files/${row.file_id}/content`,
    mime_type: row.mime_type,
    size_bytes: Number(row.size_bytes),
    is_restricted: row.is_restricted,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by ? { id: row.created_by, display_name: row.uploader_name ?? '' } : null,
  };
}

const inTenant = <T>(db: Kysely<DB>, c: Caller, fn: (repo: DocumentRepository, tx: Tx) => Promise<T>) =>
  withContext(db, dbContext(c.auth), (tx) => fn(documentRepository(tx, c.tenantId), tx));

// ---------------------------------------------------------------- stations and folders

/** GET /documents/stations: the stations whose documents the caller may browse. */
export async function listStations(db: Kysely<DB>, auth: AuthContext): Promise<DocumentStation[]> {
  const c = await callerOf(db, auth);
  if (!c.auth.isGlobalAdmin && !mayBrowseStations(c)) return [];
  return inTenant(db, c, (repo) => repo.stations());
}

/** GET /document-folders: one place of a library — its breadcrumb, subfolders and the caller's abilities. */
export async function folderListing(
  db: Kysely<DB>,
  auth: AuthContext,
  place: PlaceInput & { folder_id?: string | undefined },
): Promise<FolderListing> {
  const c = await callerOf(db, auth);
  return inTenant(db, c, async (repo) => {
    const library = await libraryOf(repo, c, place);
    let folder: FolderRow | null = null;
    if (place.folder_id) {
      folder = await visibleFolder(repo, c, place.folder_id);
      if (!sameLibrary(libraryOfRow(folder), library)) throw folderUnavailable();
    }
    const mayListFolders = library.kind === 'my' || c.auth.isGlobalAdmin || c.guard.can('document_folder', 'view');
    const [path, folders] = await Promise.all([
      folder ? repo.path(folder.id) : Promise.resolve([]),
      mayListFolders ? repo.folders(library, folder?.id ?? null) : Promise.resolve([]),
    ]);
    return {
      folder: folder ? presentFolder(folder) : null,
      path: path.map(presentFolder),
      folders: folders.map(presentFolder),
      can: abilitiesIn(c, library),
    };
  });
}

/** GET /document-folders/tree: every folder of a library the caller may see (flat, with parents). */
export async function folderTree(db: Kysely<DB>, auth: AuthContext, place: PlaceInput): Promise<DocumentFolder[]> {
  const c = await callerOf(db, auth);
  return inTenant(db, c, async (repo) => {
    const library = await libraryOf(repo, c, place);
    if (library.kind === 'station' && !c.auth.isGlobalAdmin && !c.guard.can('document_folder', 'view')) return [];
    return (await repo.allFolders(library)).map(presentFolder);
  });
}

export async function createFolder(
  db: Kysely<DB>,
  auth: AuthContext,
  input: PlaceInput & { folder_name: string; parent_folder?: string | null | undefined },
): Promise<DocumentFolder> {
  const c = await callerOf(db, auth);
  return inTenant(db, c, async (repo) => {
    const library = await libraryOf(repo, c, input);
    if (!abilitiesIn(c, library).create_folder) throw forbidden();
    const parent = input.parent_folder ? await parentIn(repo, c, library, input.parent_folder) : null;
    if (await repo.siblingNamed(library, parent, input.folder_name)) throw invalid({ folder_name: [DOCUMENT_MESSAGES.folderExists] });
    const row = await repo.insertFolder({
      folder_name: input.folder_name,
      parent_folder: parent,
      owner_user_id: library.kind === 'my' ? library.ownerUserId : null,
      station_id: library.kind === 'station' ? library.stationId : null,
      created_by: c.auth.userId,
    });
    return presentFolder(row);
  });
}

/** A parent folder named by the client: visible, and in the same library (422 otherwise). */
async function parentIn(repo: DocumentRepository, c: Caller, library: Library, unverifiedId: string): Promise<string> {
  const parent = await repo.folder(unverifiedId);
  if (!parent || !mayOpen(c, libraryOfRow(parent))) throw invalid({ parent_folder: [DOCUMENT_MESSAGES.folderUnavailable] });
  if (!sameLibrary(libraryOfRow(parent), library)) throw invalid({ parent_folder: [DOCUMENT_MESSAGES.otherLibrary] });
  return parent.id;
}

/** PUT /document-folders/{id}: rename and/or move; a move into itself or below itself is 422. */
export async function updateFolder(
  db: Kysely<DB>,
  auth: AuthContext,
  id: string,
  input: { folder_name?: string | undefined; parent_folder?: string | null | undefined },
): Promise<DocumentFolder> {
  const c = await callerOf(db, auth);
  return inTenant(db, c, async (repo) => {
    const folder = await visibleFolder(repo, c, id);
    const library = libraryOfRow(folder);
    if (!abilitiesIn(c, library).update_folder) throw forbidden();
    const changes: { folder_name?: string; parent_folder?: string | null } = {};
    let parent = folder.parent_folder;
    if (input.parent_folder !== undefined) {
      parent = input.parent_folder === null ? null : await parentIn(repo, c, library, input.parent_folder);
      if (parent !== null && (await repo.path(parent)).some((f) => f.id === folder.id)) {
        throw invalid({ parent_folder: [DOCUMENT_MESSAGES.folderCycle] });
      }
      changes.parent_folder = parent;
    }
    const name = input.folder_name ?? folder.folder_name;
    if (input.folder_name !== undefined) changes.folder_name = input.folder_name;
    if (
      (changes.folder_name !== undefined || changes.parent_folder !== undefined) &&
      (await repo.siblingNamed(library, parent, name, folder.id))
    ) {
      throw invalid({ folder_name: [DOCUMENT_MESSAGES.folderExists] });
    }
    if (Object.keys(changes).length) await repo.updateFolder(folder.id, changes);
    return presentFolder((await repo.folder(folder.id))!);
  });
}

/**
 * DELETE /document-folders/{id}: an empty folder at once; one with contents only with
 * `force` (the client asked the person first), then with everything in it.
 */
export async function deleteFolder(deps: DocumentDeps, auth: AuthContext, id: string, force: boolean): Promise<void> {
  const c = await callerOf(deps.db, auth);
  const released = await inTenant(deps.db, c, async (repo, tx) => {
    const folder = await visibleFolder(repo, c, id);
    if (!abilitiesIn(c, libraryOfRow(folder)).delete_folder) throw forbidden();
    if (!force && (await repo.contentCount(folder.id)) > 0)
      throw invalid({ folder: [DOCUMENT_MESSAGES.folderNotEmpty] }, DOCUMENT_MESSAGES.folderNotEmpty);
    const docs = await repo.documentsIn(await repo.subtree(folder.id));
    await repo.deleteDocuments(docs.map((d) => d.id));
    await repo.deleteFolder(folder.id);
    return releaseUnused(
      tx,
      repo,
      c.tenantId,
      docs.map((d) => d.file_id),
    );
  });
  await removeBytes(deps, released);
}

// ---------------------------------------------------------------- documents

export interface DocumentListQuery extends PlaceInput {
  folder_id?: string | undefined;
  page: number;
  perPage: number;
  name?: string | undefined;
}

/** GET /documents: one page of a folder's documents (restricted files only for their readers). */
export async function listDocuments(
  db: Kysely<DB>,
  auth: AuthContext,
  q: DocumentListQuery,
): Promise<{ data: DocumentResource[]; meta: PageMeta }> {
  const c = await callerOf(db, auth);
  const { rows, total } = await inTenant(db, c, async (repo) => {
    const library = await libraryOf(repo, c, q);
    if (q.folder_id) {
      const folder = await visibleFolder(repo, c, q.folder_id);
      if (!sameLibrary(libraryOfRow(folder), library)) throw folderUnavailable();
    }
    return repo.list(library, { folderId: q.folder_id ?? null, page: q.page, perPage: q.perPage, name: q.name }, c.reader);
  });
  return { data: rows.map(presentDocument), meta: makePageMeta(q.page, q.perPage, total, rows.length) };
}

function readableDocument(c: Caller, reader: Reader, row: DocumentRow | undefined): row is DocumentRow {
  if (!row || !mayOpen(c, libraryOfRow(row))) return false;
  if (c.auth.isGlobalAdmin) return true;
  if (!mayRead({ created_by: row.file_created_by, is_restricted: row.is_restricted, visible_to: row.visible_to }, c.auth)) return false;
  return row.file_entity_type_id === null || reader.viewableTypeIds.includes(row.file_entity_type_id);
}

async function visibleDocument(repo: DocumentRepository, c: Caller, unverifiedId: string): Promise<DocumentRow> {
  const row = await repo.document(unverifiedId);
  if (!readableDocument(c, c.reader, row)) throw documentUnavailable();
  return row;
}

export async function showDocument(db: Kysely<DB>, auth: AuthContext, id: string): Promise<DocumentResource> {
  const c = await callerOf(db, auth);
  return presentDocument(await inTenant(db, c, (repo) => visibleDocument(repo, c, id)));
}

/** POST /documents: files an uploaded file (POST /files) into a library and folder. */
export async function createDocument(
  db: Kysely<DB>,
  auth: AuthContext,
  input: PlaceInput & { file_id: string; folder_id?: string | null | undefined },
): Promise<DocumentResource> {
  const c = await callerOf(db, auth);
  const file = await showFile(db, auth, input.file_id).catch(() => {
    throw invalid({ file_id: [DOCUMENT_MESSAGES.fileUnavailable] });
  });
  if (file.created_by !== auth.userId && !isTenantAdmin(auth)) throw invalid({ file_id: [DOCUMENT_MESSAGES.fileUnavailable] });
  return inTenant(db, c, async (repo) => {
    const library = await libraryOf(repo, c, input);
    if (!abilitiesIn(c, library).upload) throw forbidden();
    const folderId = input.folder_id ? await folderFor(repo, c, library, input.folder_id) : null;
    const id = await repo.insertDocument({
      file_id: file.id,
      folder_id: folderId,
      owner_user_id: library.kind === 'my' ? library.ownerUserId : null,
      station_id: library.kind === 'station' ? library.stationId : null,
      created_by: auth.userId,
    });
    return presentDocument((await repo.document(id))!);
  });
}

async function folderFor(repo: DocumentRepository, c: Caller, library: Library, unverifiedId: string): Promise<string> {
  const folder = await repo.folder(unverifiedId);
  if (!folder || !mayOpen(c, libraryOfRow(folder))) throw invalid({ folder_id: [DOCUMENT_MESSAGES.folderUnavailable] });
  if (!sameLibrary(libraryOfRow(folder), library)) throw invalid({ folder_id: [DOCUMENT_MESSAGES.otherLibrary] });
  return folder.id;
}

/** PUT /documents/{id}: move to another folder of its library, or mark it as the handbook. */
export async function updateDocument(
  db: Kysely<DB>,
  auth: AuthContext,
  id: string,
  input: { folder_id?: string | null | undefined; is_handbook?: boolean | undefined },
): Promise<DocumentResource> {
  const c = await callerOf(db, auth);
  return inTenant(db, c, async (repo) => {
    const row = await visibleDocument(repo, c, id);
    const library = libraryOfRow(row);
    const can = abilitiesIn(c, library);
    if (input.folder_id !== undefined) {
      if (!can.update_document && row.created_by !== auth.userId) throw forbidden();
      await repo.moveDocument(row.id, input.folder_id === null ? null : await folderFor(repo, c, library, input.folder_id));
    }
    if (input.is_handbook !== undefined) {
      if (!can.set_handbook) throw forbidden();
      await repo.setHandbook(row.id, input.is_handbook);
    }
    return presentDocument((await repo.document(row.id))!);
  });
}

/** DELETE /documents/{id}: the document, and its file's bytes once nothing uses them. */
export async function deleteDocument(deps: DocumentDeps, auth: AuthContext, id: string): Promise<void> {
  const c = await callerOf(deps.db, auth);
  const released = await inTenant(deps.db, c, async (repo, tx) => {
    const row = await visibleDocument(repo, c, id);
    if (!abilitiesIn(c, libraryOfRow(row)).delete_document && row.created_by !== auth.userId) throw forbidden();
    await repo.deleteDocuments([row.id]);
    return releaseUnused(tx, repo, c.tenantId, [row.file_id]);
  });
  await removeBytes(deps, released);
}

async function releaseUnused(tx: Tx, repo: DocumentRepository, tenantId: string, fileIds: string[]): Promise<string[]> {
  const paths: string[] = [];
  for (const fileId of await repo.unusedFiles(fileIds)) {
    const path = await releaseFile(tx, tenantId, fileId);
    if (path) paths.push(path);
  }
  return paths;
}

/** After the rows are gone (committed), the bytes; a failure is logged, never shown. */
async function removeBytes(deps: DocumentDeps, paths: string[]): Promise<void> {
  for (const key of paths) {
    await deps.blobs
      .delete(key)
      .catch((error: unknown) => deps.log.error({ err: error, key }, 'could not remove the bytes of a deleted document'));
  }
}

/** GET /documents/search: documents named like the term that the caller may open (at most 20). */
export async function searchDocuments(db: Kysely<DB>, auth: AuthContext, term: string): Promise<DocumentResource[]> {
  const c = await callerOf(db, auth);
  const trimmed = term.trim();
  if (trimmed.length < 3) return [];
  const stations = c.auth.isGlobalAdmin || mayBrowseStations(c);
  const rows = await inTenant(db, c, (repo) => repo.search(trimmed, c.auth.userId, stations, c.reader, 20));
  return rows.map(presentDocument);
}

// ---------------------------------------------------------------- handbook and tenant files

/** GET /handbook: the tenant's handbook, if there is one the caller may read (spec 01 §8). */
export async function showHandbook(db: Kysely<DB>, auth: AuthContext): Promise<DocumentResource> {
  const c = await callerOf(db, auth);
  const row = await inTenant(db, c, (repo) => repo.handbook());
  if (!readableDocument(c, c.reader, row)) throw notFound(DOCUMENT_MESSAGES.handbookUnavailable);
  return presentDocument(row);
}
