import type { RouteObject } from 'react-router';
import { PlaceholderPage } from './PlaceholderPage.tsx';

interface ComingSoon {
  path: string;
  title: string;
  coming: string;
}

/** The signed-in routes of spec 01 §2.3 that later modules build; each shows what is coming. */
const COMING_SOON: ComingSoon[] = [
  { path: 'dashboard', title: 'Dashboard', coming: 'Dashboards and their widgets arrive with the dashboards module.' },
  { path: 'calendar', title: 'Calendar', coming: 'The calendar arrives with the calendar module.' },
  { path: 'documents/*', title: 'Documents', coming: 'Documents arrive with the documents module.' },
  { path: 'conversations/*', title: 'Conversations', coming: 'Conversations arrive with the conversations module.' },
  { path: 'messages/*', title: 'Messages', coming: 'Messages arrive with the conversations module.' },
];

export const comingSoonRoutes: RouteObject[] = [
  ...COMING_SOON.map(({ path, title, coming }) => ({ path, element: <PlaceholderPage title={title} coming={coming} /> })),
];
