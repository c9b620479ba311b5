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
  { path: 'categorytree', title: 'Categories', coming: 'The category tree arrives with the home module.' },
  { path: 'category/:id', title: 'Category', coming: 'Category screens arrive with the home module.' },
  { path: 'jobs/:id', title: 'Import Job', coming: 'Import jobs arrive with the data import module.' },
  { path: 'entity-list', title: 'Records', coming: 'Record lists arrive with the entity engine.' },
  { path: 'entity-list-detail', title: 'Records', coming: 'Record lists arrive with the entity engine.' },
  { path: 'admin/*', title: 'Admin', coming: 'Admin screens arrive with the admin module.' },
  { path: 'tasks/*', title: 'Tasks', coming: 'Tasks arrive with the tasks module.' },
  { path: 'calendar', title: 'Calendar', coming: 'The calendar arrives with the calendar module.' },
  { path: 'notifications', title: 'Notifications', coming: 'Notifications arrive with the notifications module.' },
  { path: 'documents/*', title: 'Documents', coming: 'Documents arrive with the documents module.' },
  { path: 'conversations/*', title: 'Conversations', coming: 'Conversations arrive with the conversations module.' },
  { path: 'messages/*', title: 'Messages', coming: 'Messages arrive with the conversations module.' },
];

export const comingSoonRoutes: RouteObject[] = [
  {
    index: true,
    element: (
      <PlaceholderPage title="Home" coming="The home screen's category menu, screen buttons and widgets arrive with the home module." />
    ),
  },
  ...COMING_SOON.map(({ path, title, coming }) => ({ path, element: <PlaceholderPage title={title} coming={coming} /> })),
];
