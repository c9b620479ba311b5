import type { RouteObject } from 'react-router';
import { EntityListPage } from './EntityListPage.tsx';

/** EntityList and EntityListDetail (spec 01 §2.3): one screen; the detail route keeps the selection. */
export const entityListRoutes: RouteObject[] = [
  { path: 'entity-list', element: <EntityListPage /> },
  { path: 'entity-list-detail', element: <EntityListPage /> },
];
