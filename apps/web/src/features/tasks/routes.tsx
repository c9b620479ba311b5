import type { RouteObject } from 'react-router';

/** The tasks stack of spec 01 §2.3: TasksIndex, TaskAddSelectType, TaskView, TaskEdit; loaded when first visited. */
export const tasksRoutes: RouteObject[] = [
  {
    path: 'tasks',
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./TasksPage.tsx')).TasksPage }) },
      { path: 'add', lazy: async () => ({ Component: (await import('./TaskAddSelectType.tsx')).TaskAddSelectType }) },
      { path: 'edit', lazy: async () => ({ Component: (await import('./TaskRecordPages.tsx')).TaskEditPage }) },
      { path: ':type/:id', lazy: async () => ({ Component: (await import('./TaskRecordPages.tsx')).TaskViewPage }) },
    ],
  },
];
