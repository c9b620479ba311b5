import { createNoticeBody, errorBody, notice, paged, pageQuery } from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { createNotice, listNotices } from './service.ts';

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };

export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);

  app.get(
    '/notices',
    {
      schema: {
        tags: ['notices'],
        summary: "The acting tenant's notices, newest first",
        querystring: pageQuery,
        response: { 200: paged(notice), ...errors },
      },
    },
    async (request) => {
      return listNotices(app.db.kysely, request.auth, request.query.page, request.query.per_page);
    },
  );

  app.post(
    '/notices',
    {
      schema: {
        tags: ['notices'],
        summary: 'Post a notice to the acting tenant',
        body: createNoticeBody,
        response: { 201: z.object({ data: notice }), ...errors },
      },
    },
    async (request, reply) => {
      const data = await createNotice(app.db.kysely, request.auth, request.body);
      return reply.status(201).send({ data });
    },
  );
};
