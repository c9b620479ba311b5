import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.tsx';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';
import { SignInPage } from '../features/auth/SignInPage.tsx';
import { calendarRoutes } from '../features/calendar/routes.tsx';
import { conversationRoutes } from '../features/conversations/routes.tsx';
import { documentRoutes } from '../features/documents/routes.tsx';
import { entityListRoutes } from '../features/entity-list/routes.tsx';
import { homeRoutes } from '../features/home/home-routes.tsx';
import { importRoutes } from '../features/imports/routes.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { recordRoutes } from '../features/record/record-routes.tsx';
import { settingsRoutes } from '../features/settings/settings-routes.tsx';
import { tasksRoutes } from '../features/tasks/routes.tsx';
import { adminRoutes } from '../features/tenants/routes.tsx';
import { kioskRoute, widgetRoutes } from '../features/widgets/routes.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { RouteError } from './RouteError.tsx';

/** Links to /entity/?type=… are rewritten to /entity-list/?type=… (spec 01 §2.3). */
function EntityListRewrite() {
  const { search } = useLocation();
  if (new URLSearchParams(search).has('type')) return <Navigate to={`/entity-list${search}`} replace />;
  return <NotFoundPage />;
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      // Without a token only these exist (spec 01 §2.1).
      { path: '/signin', element: <SignInPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/storybook', lazy: async () => ({ Component: (await import('../features/storybook/StorybookPage.tsx')).StorybookPage }) },
      // The PDF viewer of spec 02 §2, outside the shell; pdf.js loads only here.
      {
        path: '/pdfjs/web/viewer.html',
        lazy: () => import('../features/pdf-viewer/PdfViewerPage.tsx').then((m) => ({ Component: m.PdfViewerPage })),
      },
      // Public forms (spec 01 §2.1): outside the shell, no sign-in.
      {
        path: '/public_forms/:type',
        lazy: () => import('../features/public-forms/PublicFormPage.tsx').then((m) => ({ Component: m.PublicFormPage })),
      },
      // A station's wall screen, authorised by its kiosk key (features/widgets).
      kioskRoute,
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/',
            // The shell and every signed-in screen load after sign-in: the sign-in route's
            // JavaScript stays within its budget (issue 8, docs/performance.md).
            lazy: async () => ({ Component: (await import('./shell/Shell.tsx')).Shell }),
            children: [
              { path: 'entity', element: <EntityListRewrite /> },
              {
                path: 'notifications',
                lazy: async () => ({ Component: (await import('../features/notifications/NotificationsPage.tsx')).NotificationsPage }),
              },
              ...homeRoutes,
              ...recordRoutes,
              ...settingsRoutes,
              ...entityListRoutes,
              ...tasksRoutes,
              ...importRoutes,
              ...widgetRoutes,
              ...conversationRoutes,
              ...documentRoutes,
              ...calendarRoutes,
              ...adminRoutes,
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
