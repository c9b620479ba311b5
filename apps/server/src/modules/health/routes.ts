import { healthResponse } from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and readiness',
        security: [],
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      let ok = true;
      try {
        await sql`SELECT 1`.execute(app.db.kysely);
        // Departments' requests run on the request login when there is one (DATABASE_REQUEST_URL).
        if (app.db.requestKysely) await sql`SELECT 1`.execute(app.db.requestKysely);
      } catch (error) {
        ok = false;
        app.log.error({ err: error }, 'health: database unreachable');
      }
      const latency = ok ? Math.round((performance.now() - started) * 100) / 100 : null;
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        version: app.config.version,
        build_hash: app.config.buildHash,
        environment: app.config.appEnv,
        database: { kind: app.db.kind, ok, latency_ms: latency },
      });
    },
  );
};
