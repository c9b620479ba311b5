import { Navigate, type RouteObject } from 'react-router';

/** /conversations (ConversationList, ConversationCreate, ConversationView) and /messages, which leads there (spec 01 §2.2, §2.3). */
export const conversationRoutes: RouteObject[] = [
  {
    path: 'conversations',
    lazy: async () => ({ Component: (await import('./ConversationsPage.tsx')).ConversationsPage }),
    children: [
      { path: 'create', lazy: async () => ({ Component: (await import('./ConversationCreate.tsx')).ConversationCreate }) },
      { path: ':id', lazy: async () => ({ Component: (await import('./ConversationView.tsx')).ConversationView }) },
    ],
  },
  { path: 'messages/*', element: <Navigate to="/conversations" replace /> },
];
