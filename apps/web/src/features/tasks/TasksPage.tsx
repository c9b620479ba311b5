import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { DEBOUNCE_MS, POLLING_MS } from '@turnout/shared';
import { memo, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { nextSort, type Sort } from '../entity-list/list-model.ts';
import { PageHeader } from '../entity-list/PageHeader.tsx';
import { placeTitle } from '../entity-list/RecordItems.tsx';
import { fetchTasks, type TaskRow, tasksKey } from './tasks-api.ts';

const dueFormat = new Intl.DateTimeFormat(undefined, {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const TaskItem = memo(function TaskItem({ task, onOpen }: { task: TaskRow; onOpen(task: TaskRow): void }) {
  return (
    <UnstyledButton
      onClick={() => onOpen(task)}
      data-testid="task-item"
      px="sm"
      py={10}
      style={{ display: 'block', borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} miw={0}>
          <Text fw={500} fz="sm" lineClamp={1}>
            {task.display_name}
          </Text>
          <Text fz="xs" c="gray.7">
            {task.type.label}
            {task.due_at ? ` · Due ${dueFormat.format(new Date(task.due_at))}` : ''}
          </Text>
        </Stack>
        <Badge size="xs" variant="light" color="gray">
          {placeTitle(task.place)}
        </Badge>
      </Group>
    </UnstyledButton>
  );
});

/**
 * /tasks (TasksIndex, spec 01 §2.8): 'My Tasks' by default (assigned to me) or 'All Tasks',
 * refreshed every 60 seconds; a push invalidates ['tasks'] (tasks-api.ts) to refresh at once.
 */
export function TasksPage() {
  const navigate = useNavigate();
  const [mine, setMine] = useState(true);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), DEBOUNCE_MS.listSearch);
  const [sort, setSort] = useState<Sort>('default');
  const query = useMemo(() => ({ mine, search, sort }), [mine, search, sort]);
  const tasks = useInfiniteQuery({
    queryKey: tasksKey(query),
    queryFn: ({ pageParam, signal }) => fetchTasks(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
    refetchInterval: POLLING_MS.tasksList,
  });
  const rows = tasks.data?.pages.flatMap((p) => p.data) ?? [];
  const open = (task: TaskRow) => navigate(`/tasks/${encodeURIComponent(task.type.name)}/${encodeURIComponent(task.id)}`);

  return (
    <Stack gap="md">
      <PageHeader
        title={mine ? 'My Tasks' : 'All Tasks'}
        search={{ value: searchText, onChange: setSearchText, label: 'Search tasks' }}
        sort={{ value: sort, onCycle: () => setSort(nextSort) }}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/tasks/add')}>
            Create Task
          </Button>
        }
        buttonBar={
          <Group>
            <Button variant="light" size="xs" onClick={() => setMine((m) => !m)}>
              {mine ? 'Show All' : 'Show Tasks for Me Only'}
            </Button>
          </Group>
        }
      />
      {tasks.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading tasks" />
        </Center>
      ) : tasks.isError && rows.length === 0 ? (
        <Alert color="red" title="Tasks could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{tasks.error.message}</Text>
            <Button size="xs" variant="light" onClick={() => void tasks.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="gray.7" ta="center" py="xl">
          No 'Tasks' found
        </Text>
      ) : (
        <Stack gap="sm" data-testid="tasks-list">
          <Paper withBorder radius="md">
            {rows.map((task) => (
              <TaskItem key={task.id} task={task} onOpen={open} />
            ))}
          </Paper>
          {tasks.hasNextPage && (
            <Center>
              <Button variant="light" loading={tasks.isFetchingNextPage} onClick={() => void tasks.fetchNextPage()}>
                Load more
              </Button>
            </Center>
          )}
        </Stack>
      )}
    </Stack>
  );
}
