import type { RouteObject } from 'react-router';

/** The documents library (spec 01 §2.3 DocumentList and DocumentView), loaded when first visited. */
export const documentRoutes: RouteObject[] = [
  { path: 'documents', lazy: async () => ({ Component: (await import('./DocumentsPage.tsx')).DocumentsPage }) },
  { path: 'documents/:id', lazy: async () => ({ Component: (await import('./DocumentViewPage.tsx')).DocumentViewPage }) },
];
