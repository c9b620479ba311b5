import { type PageMeta, pageMeta } from '@turnout/shared';
import { api } from '../../api/index.ts';

/** A row of the tasks list (GET /tasks). */
export interface TaskRow {
  id: string;
  display_name: string;
  uri: string | null;
  place: string;
  updated_at: string;
  due_at?: string | null;
  type: { id: string; name: string; label: string };
}

export interface TaskQuery {
  /** true: assigned to me ('Show Tasks for Me Only'); false: everyone's ('Show All'). */
  mine: boolean;
  search: string;
  sort: 'default' | 'a_to_z' | 'z_to_a';
}

/**
 * Query key of the tasks list: ['tasks', query]. Anything that knows tasks changed (a push over
 * server-sent events, a saved task) invalidates them all with
 * `queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY })`.
 */
export const TASKS_QUERY_KEY = ['tasks'] as const;
export const tasksKey = (query: TaskQuery) => [...TASKS_QUERY_KEY, query] as const;

const taskPage = {
  parse(body: unknown): { data: TaskRow[]; meta: PageMeta } {
    const { data, meta } = body as { data?: unknown; meta?: unknown };
    if (!Array.isArray(data)) throw new Error('The answer has no list.');
    return { data: data as TaskRow[], meta: pageMeta.parse(meta) };
  },
};

/** GET /tasks: filter[assignee]=me by default, page, 48 per page, search and sort (spec 01 §2.8, §7). */
export function fetchTasks(query: TaskQuery, page: number, signal?: AbortSignal) {
  return api.get('/tasks', {
    signal,
    schema: taskPage,
    query: {
      page,
      per_page: 48,
      assignee: query.mine ? 'me' : 'all',
      sort: query.sort,
      'filter[display_name]': query.search || undefined,
    },
  });
}
