import type { RouteObject } from 'react-router';

/** The admin screens of spec 01 §2.3: AdminTenantList, AdminTenantView and AdminEntityList. Each loads when first visited. */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    children: [
      { path: 'tenant', lazy: async () => ({ Component: (await import('./TenantListPage.tsx')).TenantListPage }) },
      { path: 'tenant/view', lazy: async () => ({ Component: (await import('./MyDepartmentPage.tsx')).MyDepartmentPage }) },
      {
        path: 'entity',
        lazy: async () => ({ Component: (await import('../entity-list/AdminEntityListPage.tsx')).AdminEntityListPage }),
      },
      { path: '*', lazy: async () => ({ Component: (await import('../not-found/NotFoundPage.tsx')).NotFoundContent }) },
    ],
  },
];
