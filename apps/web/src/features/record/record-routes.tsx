import type { RouteObject } from 'react-router';

/** Loaded when first visited, so the sign-in route's JavaScript stays small. */
const pages = () => import('./RecordRoutePages.tsx');

/** The record screen's routes (spec 01 §2.7), under the signed-in shell. */
export const recordRoutes: RouteObject[] = [
  { path: 'entity/add', lazy: async () => ({ Component: (await pages()).AddRecordRoute }) },
  { path: 'entity/edit/:id', lazy: async () => ({ Component: (await pages()).EditRecordRoute }) },
  { path: 'entity/:typeName/:id', lazy: async () => ({ Component: (await pages()).ShowRecordRoute }) },
];
