import { errorBody, paged, sensitiveAction } from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { listSensitiveActions } from './service.ts';

export const sensitiveActionRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  app.get(
    '/sensitive-actions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sensitive action history, newest first',
        querystring: z.object({ page: z.coerce.number().int().min(1).default(1) }),
        response: { 200: paged(sensitiveAction), 401: errorBody, 403: errorBody },
      },
    },
    async (request) => listSensitiveActions(app.db.kysely, request.auth, request.query.page),
  );
};
