import { errorBody, homeNavigation as homeNavigationSchema, systemAlert } from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { alertsFor, homeNavigation } from './service.ts';

const errors = { 401: errorBody, 403: errorBody };

/** The home screen's navigation and the active alerts (spec 01 §2.4, §2.5, §4, §7). */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const db = app.db.kysely;

  app.get(
    '/home',
    {
      schema: {
        tags: ['home'],
        summary: 'The category tree and the screen buttons by position, as far as the acting role may view them',
        response: { 200: z.object({ data: homeNavigationSchema }), ...errors },
      },
    },
    async (request) => ({ data: await homeNavigation(db, request.auth) }),
  );

  app.get(
    '/home/alerts',
    {
      schema: {
        tags: ['home'],
        summary: 'The active system alerts for the caller (ends_at later than now), soonest ending first',
        response: { 200: z.object({ data: z.array(systemAlert), meta: z.object({ total: z.number() }) }), ...errors },
      },
    },
    async (request) => {
      const data = await alertsFor(db, request.auth);
      return { data, meta: { total: data.length } };
    },
  );
};
