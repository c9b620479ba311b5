import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { SignInPage } from '../features/auth/SignInPage.tsx';
import { calendarRoutes } from '../features/calendar/routes.tsx';
import { conversationRoutes } from '../features/conversations/routes.tsx';
import { documentRoutes } from '../features/documents/routes.tsx';
import { entityListRoutes } from '../features/entity-list/routes.tsx';
import { homeRoutes } from '../features/home/home-routes.tsx';
import { importRoutes } from '../features/imports/routes.tsx';
import { recordRoutes } from '../features/record/record-routes.tsx';
import { settingsRoutes } from '../features/settings/settings-routes.tsx';
import { tasksRoutes } from '../features/tasks/routes.tsx';
import { adminRoutes } from '../features/tenants/routes.tsx';
import { kioskRoute, widgetRoutes } from '../features/widgets/routes.tsx';
import { PageFirstPaint } from './first-paint.tsx';
import { RouteError } from './RouteError.tsx';

// Only the sign-in screen is in the first download; every other screen, the session gate
// included, loads when its route is entered (issue 20: /signin's JavaScript ≤ 150 KB).
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })));
const notFound = () => (
  <Suspense fallback={null}>
    <NotFoundPage />
  </Suspense>
);

/** Links to /entity/?type=… are rewritten to /entity-list/?type=… (spec 01 §2.3). */
function EntityListRewrite() {
  const { search } = useLocation();
  if (new URLSearchParams(search).has('type')) return <Navigate to={`/entity-list${search}`} replace />;
  return notFound();
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // While the first screen's code loads, the frame index.html painted stays (not a blank page).
    HydrateFallback: PageFirstPaint,
    children: [
      // Without a token only these exist (spec 01 §2.1).
      { path: '/signin', element: <SignInPage /> },
      {
        path: '/forgot-password',
        lazy: async () => ({ Component: (await import('../features/auth/ForgotPasswordPage.tsx')).ForgotPasswordPage }),
      },
      {
        path: '/reset-password',
        lazy: async () => ({ Component: (await import('../features/auth/ResetPasswordPage.tsx')).ResetPasswordPage }),
      },
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
        lazy: async () => ({ Component: (await import('./RequireAuth.tsx')).RequireAuth }),
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
      { path: '*', element: notFound() },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
