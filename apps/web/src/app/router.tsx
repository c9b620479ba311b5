import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.tsx';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';
import { SignInPage } from '../features/auth/SignInPage.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { comingSoonRoutes } from '../features/placeholders/coming-soon.tsx';
import { recordRoutes } from '../features/record/record-routes.tsx';
import { settingsRoutes } from '../features/settings/settings-routes.tsx';
import { StorybookPage } from '../features/storybook/StorybookPage.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { RouteError } from './RouteError.tsx';
import { Shell } from './shell/Shell.tsx';

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
      { path: '/storybook', element: <StorybookPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/',
            element: <Shell />,
            children: [{ path: 'entity', element: <EntityListRewrite /> }, ...recordRoutes, ...settingsRoutes, ...comingSoonRoutes],
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
