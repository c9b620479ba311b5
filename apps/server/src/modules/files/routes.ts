import multipart from '@fastify/multipart';
import { errorBody, messageResponse, paged } from '@turnout/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { closeIfBodyUnread } from '../../platform/http/connection.ts';
import { invalid } from '../../platform/http/errors.ts';
import { contentDisposition, contentType } from './content.ts';
import { fileListQuery, fileParams, fileResource } from './schemas.ts';
import { type ContentAnswer, deleteFile, fileContent, listFiles, showFile, signContentUrl, signedContent, uploadFile } from './service.ts';
import { contentUrlKey } from './signed.ts';
import type { FileKind } from './sniff.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const tags = ['files'];
const FILE_KINDS: FileKind[] = ['image', 'document', 'audiovideo'];

const text = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined);

/**
 * /files (spec 01 §7): upload, the media library, one file, its bytes, and delete. Every route
 * needs a signed-in user acting in a tenant and answers only with that tenant's files.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const maxBytes = app.config.uploadMaxBytes;
  // Multipart only here (this plugin's scope). busboy's own cut-off sits one byte past the
  // limit, so the upload inspector sees the excess and refuses the file itself.
  await app.register(multipart, {
    limits: { fileSize: maxBytes + 1, files: 1, fields: 20, parts: 21, fieldSize: 8 * 1024, fieldNameSize: 100, headerPairs: 100 },
  });
  const db = app.db.kysely;

  app.post(
    '/files',
    {
      schema: {
        tags,
        summary: 'Upload a file (multipart: file, entity_field_id, is_restricted, client_entity_id, offline_id, md5, name, visible_to)',
        consumes: ['multipart/form-data'],
        response: {
          200: z.object({ data: fileResource }),
          201: z.object({ data: fileResource }),
          ...errors,
          413: errorBody,
          415: errorBody,
        },
      },
    },
    async (request, reply) => {
      try {
        // parts() is lazy: a body that is not multipart is refused (415) once reading starts.
        const { file, created } = await uploadFile({ db, blobs: app.blobs, maxBytes, log: request.log }, request.auth, request.parts());
        return reply.status(created ? 201 : 200).send({ data: file });
      } catch (error) {
        closeIfBodyUnread(request, reply);
        throw error;
      }
    },
  );

  app.get(
    '/files',
    {
      schema: {
        tags,
        summary: 'The media library: files of the acting tenant the caller may see, newest first',
        querystring: fileListQuery,
        response: { 200: paged(fileResource), ...errors },
      },
    },
    async (request) => {
      const q = request.query as Record<string, unknown> & { page: number; per_page: number };
      const fileType = text(q['filter[file_type]']);
      if (fileType !== undefined && fileType !== '' && !FILE_KINDS.includes(fileType as FileKind)) {
        throw invalid({ 'filter[file_type]': ['The file type must be image, document or audiovideo.'] });
      }
      return listFiles(db, request.auth, {
        page: q.page,
        perPage: q.per_page,
        displayName: text(q['filter[display_name]'])?.trim().slice(0, 255) || undefined,
        fileType: (fileType || undefined) as FileKind | undefined,
      });
    },
  );

  app.get(
    '/files/:id',
    { schema: { tags, summary: 'One file', params: fileParams, response: { 200: z.object({ data: fileResource }), ...errors } } },
    async (request) => ({ data: await showFile(db, request.auth, request.params.id) }),
  );

  app.get(
    '/files/:id/content',
    {
      schema: {
        tags,
        summary: "The file's bytes (Range supported); errors as JSON { message }",
        params: fileParams,
      },
    },
    async (request, reply) =>
      sendContent(
        reply,
        await fileContent({ db, blobs: app.blobs, log: request.log }, request.auth, request.params.id, contentHeaders(request)),
      ),
  );

  app.post(
    '/files/:id/content-url',
    {
      schema: {
        tags,
        summary: "A short-lived URL of the file's bytes that needs no bearer token (video players)",
        params: fileParams,
        response: { 200: z.object({ data: z.object({ url: z.string(), expires_at: z.string() }) }), ...errors },
      },
    },
    async (request) => ({ data: await signContentUrl(db, request.auth, contentUrlKey(app.config.secretKey), request.params.id) }),
  );

  app.delete(
    '/files/:id',
    { schema: { tags, summary: 'Delete a file (soft)', params: fileParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await deleteFile(db, request.auth, request.params.id);
      return { message: 'Deleted Successfully' };
    },
  );
};

type ContentRequest = { headers: Record<string, string | string[] | undefined> };

function contentHeaders(request: ContentRequest) {
  return {
    range: text(request.headers.range),
    ifNoneMatch: text(request.headers['if-none-match']),
    ifRange: text(request.headers['if-range']),
  };
}

/** The bytes (or one range, or 304/416) with the headers every content answer carries. */
function sendContent(reply: FastifyReply, answer: ContentAnswer) {
  const { file } = answer;
  reply
    .header('etag', answer.etag)
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes');
  if (answer.kind === 'not-modified') return reply.status(304).send();
  if (answer.kind === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${file.size_bytes}`)
      .send({ message: 'The requested range is not satisfiable.' });
  }
  reply
    .header('content-type', contentType(file.mime_type))
    .header('content-disposition', contentDisposition(file.original_name, file.mime_type));
  if (answer.range) {
    const { start, end } = answer.range;
    return reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${file.size_bytes}`)
      .header('content-length', String(end - start + 1))
      .send(answer.stream);
  }
  return reply.status(200).header('content-length', String(file.size_bytes)).send(answer.stream);
}

/**
 * GET /files/{id}/signed-content: the bytes for a URL from POST /files/{id}/content-url,
 * without a session (its own plugin, outside requireSignIn). A wrong, altered or expired
 * signature is 404 'File is not available.'
 */
export const signedFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.kysely;
  const key = contentUrlKey(app.config.secretKey);
  app.get(
    '/files/:id/signed-content',
    {
      schema: {
        tags,
        summary: "The file's bytes through a signed URL (Range supported)",
        params: fileParams,
        querystring: z.object({ tenant: z.string(), expires: z.coerce.number().int(), signature: z.string().max(100) }),
      },
    },
    async (request, reply) =>
      sendContent(
        reply,
        await signedContent(
          { db, blobs: app.blobs, log: request.log },
          key,
          { id: request.params.id, ...request.query },
          contentHeaders(request),
        ),
      ),
  );
};
