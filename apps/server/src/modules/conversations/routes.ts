import {
  conversation,
  conversationPerson,
  createConversationBody,
  errorBody,
  membersQuery,
  message,
  messagesPage,
  messagesQuery,
  PAGE_SIZE,
  paged,
  pageMeta,
  pageQuery,
  sendMessageBody,
} from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { createConversation, listConversations, listMembers, listMessages, sendMessage } from './service.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const tags = ['conversations'];
const params = z.object({ id: z.string().max(100) });

/** The conversation calls of spec 01 §7 (and the member picker of ConversationCreate). */
export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const db = app.db.kysely;

  app.get(
    '/conversations',
    {
      schema: {
        tags,
        summary: "The caller's conversations in the acting tenant, newest first; meta.unread_total counts unread messages",
        querystring: pageQuery,
        response: { 200: z.object({ data: z.array(conversation), meta: pageMeta.extend({ unread_total: z.number().int() }) }), ...errors },
      },
    },
    async (request) => listConversations(db, request.auth, request.query.page, request.query.per_page),
  );

  app.get(
    '/conversations/members',
    {
      schema: {
        tags,
        summary: 'Members of the acting tenant the caller can start a conversation with (name contains search)',
        querystring: membersQuery,
        response: { 200: paged(conversationPerson), ...errors },
      },
    },
    async (request) => listMembers(db, request.auth, request.query.search ?? '', request.query.page, PAGE_SIZE.entitySelector),
  );

  app.post(
    '/conversations',
    {
      schema: {
        tags,
        summary: 'Start a conversation with members of the acting tenant (an unnamed one with one person is reused)',
        body: createConversationBody,
        response: { 200: z.object({ data: conversation }), 201: z.object({ data: conversation }), ...errors },
      },
    },
    async (request, reply) => {
      const { conversation: data, created } = await createConversation(db, request.auth, request.body);
      return reply.code(created ? 201 : 200).send({ data });
    },
  );

  app.get(
    '/conversations/:id/messages',
    {
      schema: {
        tags,
        summary:
          'Messages of one of the caller’s conversations, newest first; before={message id} pages backwards; the newest page marks it read',
        params,
        querystring: messagesQuery,
        response: { 200: messagesPage, ...errors },
      },
    },
    async (request) => listMessages(db, request.auth, request.params.id, request.query),
  );

  app.post(
    '/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: 'Send a message to one of the caller’s conversations (body 1 to 5000 characters)',
        params,
        body: sendMessageBody,
        response: { 201: z.object({ data: message }), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await sendMessage(db, request.auth, request.params.id, request.body.message.body) }),
  );
};
