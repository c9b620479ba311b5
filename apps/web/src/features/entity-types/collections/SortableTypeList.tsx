import { Alert, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { EntityTypeLite } from '@turnout/shared';
import { Link } from 'react-router';
import { isGlobalAdmin } from '../../identity/access.ts';
import { useCurrentUser } from '../../identity/current-user.tsx';
import { SortableList } from '../common/SortableList.tsx';
import { TypeIcon } from '../common/TypeIcon.tsx';
import { TypeBadges } from '../list/TypeRow.tsx';
import { failureText, useReorderTypes } from '../use-type-mutations.ts';

interface SortableTypeListProps {
  list: UseQueryResult<EntityTypeLite[]>;
  /** The types to show, in sort order. */
  types: EntityTypeLite[];
  /** What a row links to. */
  linkOf: (type: EntityTypeLite) => string;
  draggable: boolean;
  emptyText: string;
  label: string;
}

/** A list of types in sort order whose rows can be dragged to reorder them (Admin Modules, Collections). */
export function SortableTypeList({ list, types, linkOf, draggable, emptyText, label }: SortableTypeListProps) {
  const reorder = useReorderTypes();
  // Global types are reordered by global admins only (the server refuses others).
  const globalAdmin = isGlobalAdmin(useCurrentUser());
  if (list.isPending) {
    return (
      <Stack role="status" gap="xs" aria-busy="true" aria-label="Loading">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} h={52} radius="md" />
        ))}
      </Stack>
    );
  }
  if (list.isError) {
    const reason = failureText(list.error);
    return reason === null ? null : (
      <Alert color="red" variant="light" role="alert" title="The list could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{reason}</Text>
          <Button size="xs" variant="light" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (types.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Paper>
    );
  }
  return (
    <SortableList
      items={types}
      idOf={(type) => type.id}
      handleLabel={(type) => `Drag to reorder '${type.label}'`}
      disabled={!draggable}
      locked={(type) => type.tenant_id === null && !globalAdmin}
      onMove={(from, to) => reorder.move(types, from, to)}
      as={(rows) => (
        <Paper withBorder radius="md" component="ul" p={0} m={0} aria-label={label} style={{ overflow: 'hidden' }}>
          {rows}
        </Paper>
      )}
      renderItem={(type, handle, index) => (
        <Group
          gap="xs"
          px="xs"
          py={6}
          wrap="nowrap"
          style={{ borderTop: index ? '1px solid var(--mantine-color-gray-2)' : undefined, background: 'var(--mantine-color-body)' }}
        >
          <div style={{ width: 28, display: 'flex', justifyContent: 'center' }}>{handle}</div>
          <UnstyledButton component={Link} to={linkOf(type)} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" size={32} radius="md">
                <TypeIcon name={type.object_data.icon} size={18} />
              </ThemeIcon>
              <Text fw={600} truncate>
                {type.label}
              </Text>
              <TypeBadges type={type} />
            </Group>
          </UnstyledButton>
        </Group>
      )}
    />
  );
}
