import {
  errorBody,
  loginListQuery,
  loginResponse,
  paged,
  personnelLogin,
  signInAsBody,
  tenantLogin,
  updatePersonnelLoginBody,
  updateTenantLoginBody,
  updateUserLoginBody,
  userLogin,
} from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { forgetReadsAfterWrites } from '../../platform/read-cache.ts';
import {
  listPersonnelLogins,
  listTenantLogins,
  listUserLogins,
  signInAs,
  updatePersonnelLogin,
  updateTenantLogin,
  updateUserLogin,
} from './service.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const idParams = z.object({ id: z.string() });
const tags = ['admin'];

/** Manage Logins and sign-in-as (spec 03 §7). Every service call checks for a global admin. */
export const adminLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  // Types, fields, permissions and personnel feed the read cache: forget it after any change.
  forgetReadsAfterWrites(app);
  const db = app.db.kysely;

  app.get(
    '/admin/logins/tenants',
    { schema: { tags, querystring: loginListQuery, response: { 200: paged(tenantLogin), ...errors } } },
    (request) => listTenantLogins(db, request.auth, request.query),
  );
  app.put(
    '/admin/logins/tenants/:id',
    { schema: { tags, params: idParams, body: updateTenantLoginBody, response: { 200: z.object({ data: tenantLogin }), ...errors } } },
    async (request) => ({ data: await updateTenantLogin(db, request.auth, request.params.id, request.body.tenant) }),
  );
  app.get(
    '/admin/logins/users',
    { schema: { tags, querystring: loginListQuery, response: { 200: paged(userLogin), ...errors } } },
    (request) => listUserLogins(db, request.auth, request.query),
  );
  app.put(
    '/admin/logins/users/:id',
    { schema: { tags, params: idParams, body: updateUserLoginBody, response: { 200: z.object({ data: userLogin }), ...errors } } },
    async (request) => ({ data: await updateUserLogin(db, request.auth, request.params.id, request.body.user) }),
  );
  app.get(
    '/admin/logins/personnel',
    { schema: { tags, querystring: loginListQuery, response: { 200: paged(personnelLogin), ...errors } } },
    (request) => listPersonnelLogins(db, request.auth, request.query),
  );
  app.put(
    '/admin/logins/personnel/:id',
    {
      schema: { tags, params: idParams, body: updatePersonnelLoginBody, response: { 200: z.object({ data: personnelLogin }), ...errors } },
    },
    async (request) => ({ data: await updatePersonnelLogin(db, request.auth, request.params.id, request.body.person) }),
  );
  app.post(
    '/admin/logins/get-token',
    {
      schema: {
        tags,
        summary: 'Sign in as another user (allowed admins only)',
        body: signInAsBody,
        response: { 200: loginResponse, ...errors },
      },
    },
    (request) =>
      signInAs({ db, config: app.config, mailer: app.mailer, log: request.log }, request.auth, request.body.email, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }),
  );
};
