import type { RouteObject } from 'react-router';

/** The import job screen (spec 01 §2.11), loaded when first visited. */
export const importRoutes: RouteObject[] = [
  { path: 'jobs/:id', lazy: async () => ({ Component: (await import('./ImportJobPage.tsx')).ImportJobPage }) },
];
