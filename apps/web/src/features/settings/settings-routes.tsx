import { Navigate, type RouteObject } from 'react-router';
import { AdminModulesPage } from '../entity-types/collections/AdminModulesPage.tsx';
import { CollectionsPage } from '../entity-types/collections/CollectionsPage.tsx';
import { EntityTypeEditorPage } from '../entity-types/editor/EntityTypeEditorPage.tsx';
import { ManageEntityTypesPage } from '../entity-types/list/ManageEntityTypesPage.tsx';
import { ManageLoginsPage } from '../manage-logins/ManageLoginsPage.tsx';
import { NotFoundContent } from '../not-found/NotFoundPage.tsx';
import { LegacyPermissionsPage } from '../permissions/LegacyPermissionsPage.tsx';
import { ManagePermissionsPage } from '../permissions/ManagePermissionsPage.tsx';
import { PlaceholderPage } from '../placeholders/PlaceholderPage.tsx';
import { AdminToolsPage } from './AdminToolsPage.tsx';
import { SettingsHomePage } from './SettingsHomePage.tsx';

/** The settings area of spec 03 §2; screens of later issues are honest placeholders. */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    children: [
      { index: true, element: <SettingsHomePage /> },
      { path: 'admin-tools/index', element: <AdminToolsPage /> },
      { path: 'admin-tools/permissions', element: <LegacyPermissionsPage /> },
      { path: 'admin-tools/modules', element: <AdminModulesPage /> },
      { path: 'admin-tools/manage-entity-types', element: <Navigate to="index" replace /> },
      { path: 'admin-tools/manage-entity-types/index', element: <ManageEntityTypesPage /> },
      { path: 'admin-tools/manage-entity-types/:id', element: <EntityTypeEditorPage /> },
      { path: 'collections', element: <CollectionsPage /> },
      {
        path: 'reports/index',
        element: <PlaceholderPage title="Reports" coming="System reports arrive with the reports module." />,
      },
      {
        path: 'report/:id',
        element: <PlaceholderPage title="Report" coming="The report viewer arrives with the reports module." />,
      },
      { path: 'manage-logins', element: <ManageLoginsPage /> },
      { path: 'manage-permissions', element: <ManagePermissionsPage /> },
      { path: '*', element: <NotFoundContent /> },
    ],
  },
];
