import { entityRecord, errorBody } from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { completeQuiz, startQuiz } from './quiz.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody.extend({ data: entityRecord.optional() }), 422: errorBody };
const tags = ['records'];
const recordParams = z.object({ typeName: z.string().max(100), id: z.string().max(100) });
const quizParams = recordParams.extend({ groupProperty: z.string().max(100) });
const one = z.object({ data: entityRecord });

/** Quizzes, time sheets, random pulls, queues and printing (docs/decisions/0010). */
export const recordExtraRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const db = app.db.kysely;

  app.post(
    '/entity/:typeName/:id/quiz/:groupProperty/start',
    {
      schema: {
        tags,
        summary: 'Start (or retake) a quiz: stamps the times and draws the questions',
        params: quizParams,
        body: z.unknown().optional(),
        response: { 200: one, ...errors },
      },
    },
    async (request) => {
      const { typeName, id, groupProperty } = request.params;
      return { data: await startQuiz(db, request.auth, typeName, id, groupProperty) };
    },
  );
  app.post(
    '/entity/:typeName/:id/quiz/:groupProperty/complete',
    {
      schema: {
        tags,
        summary: 'Complete a quiz with its answers; the server marks it',
        params: quizParams,
        body: z.object({ answers: z.record(z.string().max(100), z.unknown()).default({}) }).default({ answers: {} }),
        response: { 200: one, ...errors },
      },
    },
    async (request) => {
      const { typeName, id, groupProperty } = request.params;
      return { data: await completeQuiz(db, request.auth, typeName, id, groupProperty, request.body.answers) };
    },
  );
};
