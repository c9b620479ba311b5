import { errorBody, longRunningJob } from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { showJob } from './service.ts';

/** GET /long-running-job-notes/{id} (spec 01 §7): what a job of the caller's has done so far. */
export const longRunningJobRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  app.get(
    '/long-running-job-notes/:id',
    {
      schema: {
        tags: ['jobs'],
        summary: 'A long-running job of the caller: status (queued, started, complete), progress, notes, result url',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: z.object({ data: longRunningJob }), 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ data: await showJob(app.db.kysely, request.auth, request.params.id) }),
  );
};
