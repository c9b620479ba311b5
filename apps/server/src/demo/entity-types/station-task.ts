import { type DemoTypeInput, field, numbered, options, transitions } from './build.ts';

export const TASK_PRIORITIES = ['Low', 'Normal', 'High'];

/** A chore at a station: a task type (is_task), so it shows in Tasks and in the Create Task picker. */
export function stationTask(): DemoTypeInput {
  return {
    name: 'station_task',
    label: 'Station Task',
    is_task: true,
    object_data: { icon: 'checklist', page_labels: ['Task'] },
    fields: numbered([
      field('task', 'Task', 'single-text', { required: true, table: true }),
      field('priority', 'Priority', 'select-list', { table: true, params: { options: options(TASK_PRIORITIES) } }),
      field('details', 'Details', 'textarea'),
    ]),
    allowed_transitions: transitions('mark_as_created', 'mark_as_in_progress', 'mark_as_finalised'),
  };
}
