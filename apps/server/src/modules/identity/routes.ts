import {
  enrolMfaResponse,
  errorBody,
  finishMfaBody,
  loginBody,
  loginResponse,
  messageResponse,
  PASSWORD_RESET_SENT,
  paged,
  passwordResetBody,
  passwordResetUpdateBody,
  resendWelcomeBody,
  selectGlobalBody,
  selectTenantBody,
  tenantListQuery,
  tenantRecord,
  userResponse,
} from '@turnout/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { forgetReadsAfterWrites } from '../../platform/read-cache.ts';
import { listTenants, selectGlobal, selectTenant } from './acting-context.ts';
import type { IdentityDeps, RequestOrigin } from './deps.ts';
import { finishMfaEnrolment, startMfaEnrolment } from './mfa.ts';
import { resendWelcome, sendPasswordReset, updatePasswordWithToken } from './password-reset.ts';
import { endSession } from './sessions.ts';
import { signIn } from './sign-in.ts';
import { loadCurrentUser } from './user.ts';

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };

function deps(app: FastifyInstance, request: FastifyRequest): IdentityDeps {
  return { db: app.db.kysely, config: app.config, mailer: app.mailer, log: request.log };
}

function origin(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** Routes that work without a session: sign-in and password reset. */
export const publicIdentityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/login',
    {
      schema: {
        tags: ['identity'],
        summary: 'Sign in',
        security: [],
        body: loginBody,
        response: { 200: loginResponse, 403: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request) => signIn(deps(app, request), request.body, origin(request)),
  );

  app.post(
    '/user/password-reset',
    {
      schema: {
        tags: ['identity'],
        summary: 'Email a password-reset link',
        security: [],
        body: passwordResetBody,
        response: { 200: messageResponse, 422: errorBody },
      },
    },
    async (request) => {
      const d = deps(app, request);
      app.background.run('password-reset', () => sendPasswordReset(d, request.body.email, request.body.source));
      return { message: PASSWORD_RESET_SENT };
    },
  );

  app.post(
    '/user/password-reset/update',
    {
      schema: {
        tags: ['identity'],
        summary: 'Set a password with an emailed link',
        security: [],
        body: passwordResetUpdateBody,
        response: { 200: messageResponse, 422: errorBody },
      },
    },
    async (request) => ({ message: await updatePasswordWithToken(deps(app, request), request.body) }),
  );
};

/** Routes of the signed-in user. */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  // Types, fields, permissions and personnel feed the read cache: forget it after any change.
  forgetReadsAfterWrites(app);
  const current = (request: FastifyRequest) => loadCurrentUser(app.db.kysely, request.auth, app.config.signInAsAdmins);

  app.get(
    '/user',
    { schema: { tags: ['identity'], summary: 'The signed-in user', response: { 200: userResponse, 401: errorBody } } },
    async (request) => ({
      data: await current(request),
    }),
  );

  app.post(
    '/user/logout',
    { schema: { tags: ['identity'], summary: 'Sign out (revokes the token)', response: { 200: messageResponse, 401: errorBody } } },
    async (request) => {
      await endSession(app.db.kysely, request.auth.tokenHash);
      return { message: 'Signed out.' };
    },
  );

  app.post(
    '/user/select-tenant',
    {
      schema: {
        tags: ['identity'],
        summary: 'Act in a tenant with a role',
        body: selectTenantBody,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => {
      await selectTenant(app.db.kysely, request.auth, request.body.tenant, request.body.role);
      const auth = { ...request.auth, tenantId: request.body.tenant, actingRole: request.body.role, isGlobal: false };
      return { data: await loadCurrentUser(app.db.kysely, auth, app.config.signInAsAdmins) };
    },
  );

  app.post(
    '/user/select-global',
    {
      schema: {
        tags: ['identity'],
        summary: 'Global admins: act at global level',
        body: selectGlobalBody.optional(),
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => {
      await selectGlobal(app.db.kysely, request.auth);
      const auth = { ...request.auth, tenantId: null, actingRole: 'MSFES User', isGlobal: true };
      return { data: await loadCurrentUser(app.db.kysely, auth, app.config.signInAsAdmins) };
    },
  );

  app.get(
    '/user/enrol-mfa',
    {
      schema: {
        tags: ['identity'],
        summary: 'Start MFA enrolment: QR code and key',
        response: { 200: enrolMfaResponse, 401: errorBody, 409: errorBody },
      },
    },
    async (request) => ({ data: await startMfaEnrolment(deps(app, request), request.auth) }),
  );

  app.post(
    '/user/finish-mfa',
    {
      schema: {
        tags: ['identity'],
        summary: 'Finish MFA enrolment with a code',
        body: finishMfaBody,
        response: { 200: userResponse, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      await finishMfaEnrolment(deps(app, request), request.auth, request.body.code);
      return { data: await current(request) };
    },
  );

  app.post(
    '/user/resend-welcome',
    {
      schema: {
        tags: ['identity'],
        summary: 'Resend the welcome email',
        body: resendWelcomeBody,
        response: { 200: messageResponse, 404: errorBody, ...errors },
      },
    },
    async (request) => ({ message: await resendWelcome(deps(app, request), request.auth, request.body.email) }),
  );

  app.get(
    '/tenant',
    {
      schema: {
        tags: ['identity'],
        summary: 'Tenants the user may act in',
        querystring: tenantListQuery,
        response: { 200: paged(tenantRecord), 401: errorBody, 422: errorBody },
      },
    },
    async (request) => listTenants(app.db.kysely, request.auth, request.query.page, request.query.per_page, request.query.search),
  );
};
