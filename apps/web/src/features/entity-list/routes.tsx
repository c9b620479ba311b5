import type { RouteObject } from 'react-router';

/** Loaded when first visited, so the sign-in route's JavaScript stays small. */
const entityListPage = async () => ({ Component: (await import('./EntityListPage.tsx')).EntityListPage });

/** EntityList and EntityListDetail (spec 01 §2.3): one screen; the detail route keeps the selection. */
export const entityListRoutes: RouteObject[] = [
  { path: 'entity-list', lazy: entityListPage },
  { path: 'entity-list-detail', lazy: entityListPage },
];
