import type { RouteObject } from 'react-router';

/** /calendar (spec 01 §2.3, 02 §2); FullCalendar loads only here. */
export const calendarRoutes: RouteObject[] = [
  { path: 'calendar', lazy: async () => ({ Component: (await import('./CalendarPage.tsx')).CalendarPage }) },
];
