import { errorBody } from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { retrieveReport } from './service.ts';

export const backgroundCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  app.post(
    '/background-check/retrieve',
    {
      schema: {
        tags: ['records'],
        summary: "A background check's report link, from the provider (opened externally)",
        body: z.looseObject({ report_url: z.unknown().optional() }),
        response: {
          200: z.object({ report_link: z.string() }),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          422: errorBody,
          502: errorBody,
          503: errorBody,
        },
      },
    },
    async (request) => retrieveReport(app.db.kysely, request.auth, app.config.backgroundCheck, request.body.report_url),
  );
};
