import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../placeholders/PlaceholderPage.tsx';

/** The tasks stack of spec 01 §2.3: TasksIndex, TaskAddSelectType, TaskView, TaskEdit; loaded when first visited. */
export const tasksRoutes: RouteObject[] = [
  {
    path: 'tasks',
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./TasksPage.tsx')).TasksPage }) },
      { path: 'add', lazy: async () => ({ Component: (await import('./TaskAddSelectType.tsx')).TaskAddSelectType }) },
      { path: 'edit', element: <PlaceholderPage title="Edit Task" coming="Editing a task arrives with the record screen." /> },
      { path: ':type/:id', lazy: async () => ({ Component: (await import('./TaskViewPage.tsx')).TaskViewPage }) },
    ],
  },
];
