import {
  editPermissionsResponse,
  errorBody,
  legacyPermissionsResponse,
  legacySavePermissionsBody,
  messageResponse,
  PERMISSIONS_SAVED,
  permissionContextQuery,
  resolvedPermissionsResponse,
  SPECIAL_PERMISSIONS,
  savePermissionsBody,
  systemPermissionsResponse,
} from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { forgetReadsAfterWrites } from '../../platform/read-cache.ts';
import { legacyList, legacySave } from './legacy.ts';
import { editView, resolvedFor, saveLevel } from './service.ts';

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };
const tags = ['permissions'];

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  // Types, fields, permissions and personnel feed the read cache: forget it after any change.
  forgetReadsAfterWrites(app);
  const db = app.db.kysely;

  // In-flight sharing (spec 01 §7) is the client's; the server answers each call from the database.
  app.get(
    '/permissions-v2',
    {
      schema: {
        tags,
        summary: 'The resolved permission document of a context',
        querystring: permissionContextQuery,
        response: { 200: resolvedPermissionsResponse, ...errors },
      },
    },
    async (request) => ({ data: await resolvedFor(db, request.auth, request.query) }),
  );
  app.get(
    '/permissions-v2/edit',
    {
      schema: {
        tags,
        summary: 'What a level sets and what it inherits',
        querystring: permissionContextQuery,
        response: { 200: editPermissionsResponse, ...errors },
      },
    },
    async (request) => ({ data: await editView(db, request.auth, request.query) }),
  );
  app.get(
    '/permissions-v2/system-permissions',
    { schema: { tags, summary: 'The special permissions', response: { 200: systemPermissionsResponse, 401: errorBody } } },
    async () => ({
      data: SPECIAL_PERMISSIONS.map((p) => ({
        id: p.name,
        name: p.name,
        friendly_name: p.friendly_name,
        function: p.function,
        globally_set: p.globally_set,
      })),
    }),
  );
  app.post(
    '/permissions-v2',
    {
      schema: { tags, summary: 'Save one level of permissions', body: savePermissionsBody, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      await saveLevel(db, request.auth, request.body);
      return { message: PERMISSIONS_SAVED };
    },
  );

  app.get(
    '/permissions',
    { schema: { tags, summary: 'Deprecated editor: roles and permissions', response: { 200: legacyPermissionsResponse, ...errors } } },
    async (request) => ({
      data: await legacyList(db, request.auth),
    }),
  );
  app.get(
    '/permissions/:name',
    {
      schema: {
        tags,
        summary: 'Deprecated editor: one entity type',
        params: z.object({ name: z.string().max(200) }),
        response: { 200: legacyPermissionsResponse, ...errors },
      },
    },
    async (request) => ({ data: await legacyList(db, request.auth, request.params.name) }),
  );
  app.post(
    '/permissions',
    {
      schema: {
        tags,
        summary: 'Deprecated editor: save roles',
        body: legacySavePermissionsBody,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await legacySave(db, request.auth, request.body.roles);
      return { message: 'Permissions Updated Successfully' };
    },
  );
};
