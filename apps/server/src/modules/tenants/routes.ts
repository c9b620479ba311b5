import { errorBody, PAGE_SIZE, paged, tenantRecord, tenantUpdateBody } from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { listPersonnelChoices } from '../identity/personnel-list.ts';
import { mayEditTenant, showTenant, updateTenant } from './service.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const params = z.object({ id: z.string().max(100) });
const answer = z.object({ data: tenantRecord.extend({ can_edit: z.boolean() }) });

/** My Department (spec 01 §2.3 AdminTenantView): one tenant, read by its members, edited by its admins. */
export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const db = app.db.kysely;

  app.get(
    '/tenant/:id',
    { schema: { tags: ['tenants'], summary: 'One tenant (My Department)', params, response: { 200: answer, ...errors } } },
    async (request) => {
      const tenant = await showTenant(db, request.auth, request.params.id);
      return { data: { ...tenant, can_edit: mayEditTenant(request.auth, tenant.id) } };
    },
  );

  app.get(
    '/personnel',
    {
      schema: {
        tags: ['tenants'],
        summary: "The acting department's current members, for personnel pickers",
        querystring: z.object({
          page: z.coerce.number().int().min(1, 'The page must be at least 1.').default(1),
          per_page: z.coerce
            .number()
            .int()
            .min(1)
            .max(PAGE_SIZE.entitySelector, `The per page may not be greater than ${PAGE_SIZE.entitySelector}.`)
            .default(PAGE_SIZE.asyncSelectStep),
          search: z.string().trim().max(100, 'The search may not be greater than 100 characters.').optional(),
        }),
        response: { 200: paged(z.object({ id: z.string(), display_name: z.string(), role: z.string() })), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return listPersonnelChoices(db, request.auth, { page: q.page, perPage: q.per_page, search: q.search });
    },
  );

  app.put(
    '/tenant/:id',
    {
      schema: {
        tags: ['tenants'],
        summary: "Edit a tenant's name, display name, colour, formats and picture",
        params,
        body: tenantUpdateBody,
        response: { 200: answer.extend({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const tenant = await updateTenant(db, request.auth, request.params.id, request.body);
      return { message: 'Updated Successfully', data: { ...tenant, can_edit: true } };
    },
  );
};
