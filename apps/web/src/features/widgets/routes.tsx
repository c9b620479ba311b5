import type { RouteObject } from 'react-router';

/** The dashboard (spec 01 §2.3) inside the shell; each screen loads when first visited. */
export const widgetRoutes: RouteObject[] = [
  { path: 'dashboard', lazy: async () => ({ Component: (await import('./DashboardPage.tsx')).DashboardPage }) },
  { path: 'settings/widgets', lazy: async () => ({ Component: (await import('./WidgetsSettingsPage.tsx')).WidgetsSettingsPage }) },
];

/** The activity feed kiosk (spec 01 §2.1): outside the shell and without a session. */
export const kioskRoute: RouteObject = {
  path: '/activity_feed_kiosk/:widget',
  lazy: async () => ({ Component: (await import('./KioskPage.tsx')).KioskPage }),
};
