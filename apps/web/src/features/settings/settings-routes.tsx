import { Navigate, type RouteObject } from 'react-router';

/**
 * The settings area of spec 03 §2; screens of later issues are honest placeholders. Each screen
 * loads when first visited, so the sign-in route's JavaScript stays small.
 */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./SettingsHomePage.tsx')).SettingsHomePage }) },
      { path: 'admin-tools/index', lazy: async () => ({ Component: (await import('./AdminToolsPage.tsx')).AdminToolsPage }) },
      {
        path: 'admin-tools/permissions',
        lazy: async () => ({ Component: (await import('../permissions/LegacyPermissionsPage.tsx')).LegacyPermissionsPage }),
      },
      {
        path: 'admin-tools/modules',
        lazy: async () => ({ Component: (await import('../entity-types/collections/AdminModulesPage.tsx')).AdminModulesPage }),
      },
      { path: 'admin-tools/manage-entity-types', element: <Navigate to="index" replace /> },
      {
        path: 'admin-tools/manage-entity-types/index',
        lazy: async () => ({ Component: (await import('../entity-types/list/ManageEntityTypesPage.tsx')).ManageEntityTypesPage }),
      },
      {
        path: 'admin-tools/manage-entity-types/:id',
        lazy: async () => ({ Component: (await import('../entity-types/editor/EntityTypeEditorPage.tsx')).EntityTypeEditorPage }),
      },
      {
        path: 'collections',
        lazy: async () => ({ Component: (await import('../entity-types/collections/CollectionsPage.tsx')).CollectionsPage }),
      },
      {
        path: 'manage-logins',
        lazy: async () => ({ Component: (await import('../manage-logins/ManageLoginsPage.tsx')).ManageLoginsPage }),
      },
      {
        path: 'manage-permissions',
        lazy: async () => ({ Component: (await import('../permissions/ManagePermissionsPage.tsx')).ManagePermissionsPage }),
      },
      { path: 'reports', element: <Navigate to="index" replace /> },
      {
        path: 'reports/index',
        lazy: async () => ({ Component: (await import('../reports/SystemReportsPage.tsx')).SystemReportsPage }),
      },
      {
        path: 'report/:id',
        lazy: async () => ({ Component: (await import('../reports/SystemReportPage.tsx')).SystemReportPage }),
      },
      { path: '*', lazy: async () => ({ Component: (await import('../not-found/NotFoundPage.tsx')).NotFoundContent }) },
    ],
  },
];
