import {
  createDocumentInput,
  createFolderInput,
  DOCUMENT_MESSAGES,
  documentFolder,
  documentResource,
  documentStation,
  errorBody,
  folderListing,
  libraryQuery,
  messageResponse,
  paged,
  pageQuery,
  updateDocumentInput,
  updateFolderInput,
} from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { fileResource } from '../files/schemas.ts';
import { showFile } from '../files/service.ts';
import { indexPdfText } from './pdf-text.ts';
import {
  createDocument,
  createFolder,
  deleteDocument,
  deleteFolder,
  folderTree,
  listDocuments,
  folderListing as listFolder,
  listStations,
  searchDocuments,
  showDocument,
  showHandbook,
  updateDocument,
  updateFolder,
} from './service.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const tags = ['documents'];
const idParams = z.object({ id: z.string().max(100) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const documentListQuery = libraryQuery.extend(pageQuery.shape).extend({ 'filter[display_name]': z.string().max(255).optional() });

/** A path id that is not a uuid names nothing: the same 404 as a missing one. */
const checkedId = (id: string, unavailable: string) => {
  if (!UUID.test(id)) throw notFound(unavailable);
  return id;
};

/**
 * The documents library (spec 01 §2.9, §7): stations, folders, documents, the handbook and
 * tenant files. Every route needs a signed-in user acting in a tenant.
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const db = app.db.kysely;
  const deps = () => ({ db, blobs: app.blobs, log: app.log });

  app.get(
    '/documents/stations',
    {
      schema: {
        tags,
        summary: 'Stations whose documents the caller may browse',
        response: { 200: z.object({ data: z.array(documentStation) }), ...errors },
      },
    },
    async (request) => ({ data: await listStations(db, request.auth) }),
  );

  app.get(
    '/document-folders',
    {
      schema: {
        tags,
        summary: 'One place of a library: breadcrumb, subfolders and what the caller may do there',
        querystring: libraryQuery,
        response: { 200: z.object({ data: folderListing }), ...errors },
      },
    },
    async (request) => ({ data: await listFolder(db, request.auth, request.query) }),
  );

  app.get(
    '/document-folders/tree',
    {
      schema: {
        tags,
        summary: 'Every folder of a library, flat with parent ids',
        querystring: libraryQuery.omit({ folder_id: true }),
        response: { 200: z.object({ data: z.array(documentFolder) }), ...errors },
      },
    },
    async (request) => ({ data: await folderTree(db, request.auth, request.query) }),
  );

  app.post(
    '/document-folders',
    {
      schema: {
        tags,
        summary: 'Create a folder',
        body: createFolderInput,
        response: { 201: z.object({ data: documentFolder }), ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createFolder(db, request.auth, request.body) }),
  );

  app.put(
    '/document-folders/:id',
    {
      schema: {
        tags,
        summary: 'Rename or move a folder',
        params: idParams,
        body: updateFolderInput,
        response: { 200: z.object({ data: documentFolder }), ...errors },
      },
    },
    async (request) => ({
      data: await updateFolder(db, request.auth, checkedId(request.params.id, DOCUMENT_MESSAGES.folderUnavailable), request.body),
    }),
  );

  app.delete(
    '/document-folders/:id',
    {
      schema: {
        tags,
        summary: 'Delete a folder; one with contents only with force=true (and then all in it)',
        params: idParams,
        querystring: z.object({ force: z.enum(['true', 'false', '1', '0']).optional() }),
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const force = request.query.force === 'true' || request.query.force === '1';
      await deleteFolder(deps(), request.auth, checkedId(request.params.id, DOCUMENT_MESSAGES.folderUnavailable), force);
      return { message: 'Deleted Successfully' };
    },
  );

  app.get(
    '/documents',
    {
      schema: {
        tags,
        summary: "A folder's documents, by name",
        querystring: documentListQuery,
        response: { 200: paged(documentResource), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return listDocuments(db, request.auth, {
        library: q.library,
        station_id: q.station_id,
        folder_id: q.folder_id,
        page: q.page,
        perPage: q.per_page,
        name: q['filter[display_name]']?.trim() || undefined,
      });
    },
  );

  app.get(
    '/documents/search',
    {
      schema: {
        tags,
        summary: 'Documents named like the term (3 or more characters), for the global search',
        querystring: z.object({ query: z.string().max(200).default('') }),
        response: { 200: z.object({ data: z.array(documentResource) }), ...errors },
      },
    },
    async (request) => ({ data: await searchDocuments(db, request.auth, request.query.query) }),
  );

  app.post(
    '/documents',
    {
      schema: {
        tags,
        summary: 'File an uploaded file (POST /files) into a library',
        body: createDocumentInput,
        response: { 201: z.object({ data: documentResource }), ...errors },
      },
    },
    async (request, reply) => {
      const document = await createDocument(db, request.auth, request.body);
      // A PDF's text is read after the answer, for the document search.
      if (document.mime_type === 'application/pdf') app.background.run('index-pdf-text', () => indexPdfText(deps()));
      return reply.status(201).send({ data: document });
    },
  );

  app.get(
    '/documents/:id',
    { schema: { tags, summary: 'One document', params: idParams, response: { 200: z.object({ data: documentResource }), ...errors } } },
    async (request) => ({
      data: await showDocument(db, request.auth, checkedId(request.params.id, DOCUMENT_MESSAGES.documentUnavailable)),
    }),
  );

  app.put(
    '/documents/:id',
    {
      schema: {
        tags,
        summary: 'Move a document, or mark it as the handbook',
        params: idParams,
        body: updateDocumentInput,
        response: { 200: z.object({ data: documentResource }), ...errors },
      },
    },
    async (request) => ({
      data: await updateDocument(db, request.auth, checkedId(request.params.id, DOCUMENT_MESSAGES.documentUnavailable), request.body),
    }),
  );

  app.delete(
    '/documents/:id',
    {
      schema: {
        tags,
        summary: 'Delete a document (its bytes once nothing uses them)',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await deleteDocument(deps(), request.auth, checkedId(request.params.id, DOCUMENT_MESSAGES.documentUnavailable));
      return { message: 'Deleted Successfully' };
    },
  );

  app.get(
    '/handbook',
    {
      schema: {
        tags,
        summary: "The tenant's handbook (404 'Handbook is not available.')",
        response: { 200: z.object({ data: documentResource }), ...errors },
      },
    },
    async (request) => ({ data: await showHandbook(db, request.auth) }),
  );

  app.get(
    '/tenant/file/:id',
    {
      schema: {
        tags,
        summary: "A file of the acting tenant (404 'File is not available.')",
        params: idParams,
        response: { 200: z.object({ data: fileResource }), ...errors },
      },
    },
    async (request) => ({ data: await showFile(db, request.auth, request.params.id) }),
  );
};
