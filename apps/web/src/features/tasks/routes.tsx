import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../placeholders/PlaceholderPage.tsx';
import { TaskAddSelectType } from './TaskAddSelectType.tsx';
import { TasksPage } from './TasksPage.tsx';
import { TaskViewPage } from './TaskViewPage.tsx';

/** The tasks stack of spec 01 §2.3: TasksIndex, TaskAddSelectType, TaskView, TaskEdit. */
export const tasksRoutes: RouteObject[] = [
  {
    path: 'tasks',
    children: [
      { index: true, element: <TasksPage /> },
      { path: 'add', element: <TaskAddSelectType /> },
      { path: 'edit', element: <PlaceholderPage title="Edit Task" coming="Editing a task arrives with the record screen." /> },
      { path: ':type/:id', element: <TaskViewPage /> },
    ],
  },
];
