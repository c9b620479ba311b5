import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
// RouterProvider of 'react-router' itself: under vitest, 'react-router/dom' loads a second copy of the router context.
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { createQueryClient } from '../app/query-client.ts';
import { theme } from '../app/theme.ts';

/** Renders routes at `path` inside the app's providers (without the /api/health check). */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, ...view };
}

/** Renders a component in the app's theme alone (no router, no queries). */
export function renderInTheme(node: ReactNode) {
  return render(
    <MantineProvider theme={theme} env="test">
      {node}
    </MantineProvider>,
  );
}
