import { activityFeedItem, dashboard, dashboardBody, errorBody, WIDGET_POSITIONS, widget, widgetBody, widgetData } from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import {
  activityFeed,
  createDashboard,
  createWidget,
  deleteDashboard,
  deleteWidget,
  issueKioskKey,
  kioskAuth,
  listDashboards,
  listWidgets,
  previewWidget,
  revokeKioskKey,
  showWidget,
  updateDashboard,
  updateWidget,
  widgetData as viewData,
} from './service.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const tags = ['widgets'];
const idParams = z.object({ id: z.uuid('Not found.') });
const feedPage = z.object({ page: z.coerce.number().int().min(1).max(100).default(1) });
const feedReply = z.object({ data: z.array(activityFeedItem), meta: z.object({ current_page: z.number(), last_page: z.number() }) });

/** Widgets and dashboards (spec 02 §7: GET /widget/{id}, /widget/{id}/entity/{entityId}; the rest is docs/api.md). */
export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const db = app.db.kysely;

  app.get(
    '/widgets',
    {
      schema: {
        tags,
        summary: "The acting tenant's widgets (120 at most), optionally of one position",
        querystring: z.object({ position: z.enum(WIDGET_POSITIONS).optional() }),
        response: { 200: z.object({ data: z.array(widget) }), ...errors },
      },
    },
    async (request) => ({ data: await listWidgets(db, request.auth, request.query.position) }),
  );
  app.post(
    '/widgets',
    {
      schema: { tags, summary: 'Add a widget (tenant admins)', body: widgetBody, response: { 201: z.object({ data: widget }), ...errors } },
    },
    async (request, reply) => reply.status(201).send({ data: await createWidget(db, request.auth, request.body) }),
  );
  app.post(
    '/widgets/preview',
    {
      schema: {
        tags,
        summary: 'What a widget would show, checked but not saved (tenant admins)',
        body: widgetBody,
        response: { 200: widgetData, ...errors },
      },
    },
    async (request) => previewWidget(db, request.auth, request.body),
  );
  app.get(
    '/widgets/:id',
    { schema: { tags, summary: "A widget's settings", params: idParams, response: { 200: z.object({ data: widget }), ...errors } } },
    async (request) => ({ data: await showWidget(db, request.auth, request.params.id) }),
  );
  app.put(
    '/widgets/:id',
    {
      schema: {
        tags,
        summary: 'Change a widget (tenant admins)',
        params: idParams,
        body: widgetBody,
        response: { 200: z.object({ data: widget }), ...errors },
      },
    },
    async (request) => ({ data: await updateWidget(db, request.auth, request.params.id, request.body) }),
  );
  app.delete(
    '/widgets/:id',
    { schema: { tags, summary: 'Delete a widget (tenant admins)', params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteWidget(db, request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/widget/:id',
    { schema: { tags, summary: "A widget's view data", params: idParams, response: { 200: widgetData, ...errors } } },
    async (request) => viewData(db, request.auth, request.params.id),
  );
  app.get(
    '/widget/:id/entity/:entityId',
    {
      schema: {
        tags,
        summary: "A widget's view data over the records linked to one record",
        params: idParams.extend({ entityId: z.string().max(100) }),
        response: { 200: widgetData, ...errors },
      },
    },
    async (request) => viewData(db, request.auth, request.params.id, request.params.entityId),
  );
  app.get(
    '/widget/:id/feed',
    {
      schema: {
        tags,
        summary: "An activity feed's records of today, newest first",
        params: idParams,
        querystring: feedPage,
        response: { 200: feedReply, ...errors },
      },
    },
    async (request) => activityFeed(db, request.auth, request.params.id, request.query.page),
  );
  app.post(
    '/widgets/:id/kiosk',
    {
      schema: {
        tags,
        summary: 'A new kiosk link for an activity feed (the previous one stops working)',
        params: idParams,
        response: { 200: z.object({ key: z.string(), path: z.string() }), ...errors },
      },
    },
    async (request) => issueKioskKey(db, request.auth, request.params.id),
  );
  app.delete(
    '/widgets/:id/kiosk',
    { schema: { tags, summary: "Turn a widget's kiosk link off", params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await revokeKioskKey(db, request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/dashboards',
    { schema: { tags, summary: "The acting tenant's dashboards", response: { 200: z.object({ data: z.array(dashboard) }), ...errors } } },
    async (request) => ({ data: await listDashboards(db, request.auth) }),
  );
  app.post(
    '/dashboards',
    {
      schema: {
        tags,
        summary: 'Add a dashboard (tenant admins)',
        body: dashboardBody,
        response: { 201: z.object({ data: dashboard }), ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createDashboard(db, request.auth, request.body) }),
  );
  app.put(
    '/dashboards/:id',
    {
      schema: {
        tags,
        summary: 'Rename a dashboard (tenant admins)',
        params: idParams,
        body: dashboardBody,
        response: { 200: z.object({ data: dashboard }), ...errors },
      },
    },
    async (request) => ({ data: await updateDashboard(db, request.auth, request.params.id, request.body) }),
  );
  app.delete(
    '/dashboards/:id',
    { schema: { tags, summary: 'Delete a dashboard (tenant admins)', params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteDashboard(db, request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** The kiosk's own calls: authorised by the widget's kiosk key, not by a person's session. */
export const kioskRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.kysely;
  const kioskQuery = feedPage.extend({ key: z.string().max(200).default('') });
  app.get(
    '/kiosk/widget/:id',
    {
      schema: {
        tags,
        summary: "A kiosk's activity feed, with the tenant's header",
        params: idParams,
        querystring: kioskQuery,
        response: {
          200: feedReply.extend({
            widget: z.object({ name: z.string() }),
            tenant: z.object({ name: z.string(), color: z.string().nullable() }),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { auth, tenant } = await kioskAuth(db, request.params.id, request.query.key);
      const w = await showWidget(db, auth, request.params.id);
      return { ...(await activityFeed(db, auth, request.params.id, request.query.page)), widget: { name: w.name }, tenant };
    },
  );
};
