import type { RouteObject } from 'react-router';
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
      {
        path: 'admin-tools/modules',
        element: <PlaceholderPage title="Admin Modules" coming="Ordering global-admin-only modules arrives with the entity type editor." />,
      },
      {
        path: 'admin-tools/manage-entity-types/*',
        element: (
          <PlaceholderPage
            title="Manage Entity Types"
            coming="The entity type list and editor (setup, fields, actions, alarms, reports, transitions, permissions) arrive with the entity type editor."
          />
        ),
      },
      {
        path: 'collections',
        element: <PlaceholderPage title="Collections" coming="Collections arrive with the entity type editor." />,
      },
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
