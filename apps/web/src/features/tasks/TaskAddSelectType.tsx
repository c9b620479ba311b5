import { Alert, Center, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { nextSort, type Sort } from '../entity-list/list-model.ts';
import { PageHeader } from '../entity-list/PageHeader.tsx';
import { fetchTypesLite, liteKey } from '../entity-types/entity-types-api.ts';
import { usePermissions } from '../permissions/use-permission.tsx';
import { pickableTaskTypes } from './type-picker.ts';

/** /tasks/add (TaskAddSelectType, spec 01 §2.8): pick the task type to create; searchable and sortable. */
export function TaskAddSelectType() {
  const navigate = useNavigate();
  const can = usePermissions();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('default');
  const types = useQuery({ queryKey: liteKey, queryFn: ({ signal }) => fetchTypesLite(signal) });
  const shown = pickableTaskTypes(types.data ?? [], (name) => can(name, 'create'), search, sort);

  return (
    <Stack gap="md" maw={720}>
      <PageHeader
        title="Create Task"
        subtitle="Select the type of task"
        leading={{ kind: 'back', onBack: () => navigate('/tasks') }}
        search={{ value: search, onChange: setSearch, label: 'Search task types' }}
        sort={{ value: sort, onCycle: () => setSort(nextSort) }}
      />
      {types.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading task types" />
        </Center>
      ) : types.isError ? (
        <Alert color="red" title="Task types could not be loaded">
          {types.error.message}
        </Alert>
      ) : shown.length === 0 ? (
        <Text c="gray.7" ta="center" py="xl">
          No 'Task Types' found
        </Text>
      ) : (
        <Paper withBorder radius="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((type) => (
            <li key={type.id}>
              <UnstyledButton
                w="100%"
                px="md"
                py="sm"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
                onClick={() => navigate(`/tasks/edit?type=${encodeURIComponent(type.name)}`)}
              >
                <Text fw={500}>{type.label}</Text>
              </UnstyledButton>
            </li>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
