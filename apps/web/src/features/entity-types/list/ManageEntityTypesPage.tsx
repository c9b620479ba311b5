import { Alert, Button, Group, Loader, Paper, SegmentedControl, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { safeReturnPath } from '../../../app/return-path.ts';
import { isGlobalAdmin } from '../../identity/access.ts';
import { useCurrentUser } from '../../identity/current-user.tsx';
import { usePermission } from '../../permissions/use-permission.tsx';
import { Gate } from '../../settings/AccessDenied.tsx';
import { useConfirmation } from '../common/ConfirmModal.tsx';
import { SortableList } from '../common/SortableList.tsx';
import { fetchTypesLite, liteKey } from '../entity-types-api.ts';
import { canDragTypes, TYPE_SEARCH_DEBOUNCE_MS, TYPE_SORTS, type TypeSort, visibleTypes } from '../model/type-list.ts';
import { exportType, failureText, useDeleteType, useReorderTypes } from '../use-type-mutations.ts';
import { ImportMenu } from './ImportMenu.tsx';
import { deleteWarning, TypeRow } from './TypeRow.tsx';

export const MANAGE_TYPES_PATH = '/settings/admin-tools/manage-entity-types/index';

/** /settings/admin-tools/manage-entity-types/index (spec 03 §2 'Entity type list'); accepts `from`. */
export function ManageEntityTypesPage() {
  const canModify = usePermission('modify_entity_types', 'update');
  // Global types are reordered by global admins only (the server refuses others).
  const globalAdmin = isGlobalAdmin(useCurrentUser());
  const [params] = useSearchParams();
  const from = safeReturnPath(params.get('from'));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, TYPE_SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<TypeSort>('default');
  const list = useQuery({ queryKey: liteKey, queryFn: ({ signal }) => fetchTypesLite(signal), staleTime: 0 });
  const reorder = useReorderTypes();
  const remove = useDeleteType();
  const confirm = useConfirmation();
  const shown = visibleTypes(list.data ?? [], debounced, sort);
  const draggable = canModify && canDragTypes(debounced, sort);
  const editorLink = (id: string) => `/settings/admin-tools/manage-entity-types/${id}?from=${encodeURIComponent(MANAGE_TYPES_PATH)}`;

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Stack role="status" gap="xs" aria-busy="true" aria-label="Loading entity types">
        {[0, 1, 2, 3, 4].map((n) => (
          <Skeleton key={n} h={52} radius="md" />
        ))}
      </Stack>
    );
  } else if (list.isError) {
    const reason = failureText(list.error);
    body =
      reason === null ? null : (
        <Alert color="red" variant="light" role="alert" title="The entity types could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{reason}</Text>
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      );
  } else if (shown.length === 0) {
    body = (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          {debounced.trim()
            ? `No entity types match '${debounced.trim()}'`
            : 'No entity types yet. Add one, or import one from a JSON file.'}
        </Text>
      </Paper>
    );
  } else {
    body = (
      <SortableList
        items={shown}
        idOf={(type) => type.id}
        handleLabel={(type) => `Drag to reorder '${type.label}'`}
        disabled={!draggable}
        locked={(type) => type.tenant_id === null && !globalAdmin}
        onMove={(fromIndex, to) => reorder.move(shown, fromIndex, to)}
        as={(rows) => (
          <Paper withBorder radius="md" component="ul" p={0} m={0} aria-label="Entity types" style={{ overflow: 'hidden' }}>
            {rows}
          </Paper>
        )}
        renderItem={(type, handle, index) => (
          <div
            style={{
              borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-2)',
              background: 'var(--mantine-color-body)',
            }}
          >
            <TypeRow
              type={type}
              to={editorLink(type.id)}
              handle={handle}
              canDelete={canModify}
              onExport={() => void exportType(type)}
              onDelete={() =>
                confirm.ask({
                  title: `Delete type '${type.label}'`,
                  message: deleteWarning(type.label),
                  onConfirm: () => remove.mutateAsync(type.id),
                })
              }
            />
          </div>
        )}
      />
    );
  }

  return (
    <Gate allowed={canModify} title="Manage Entity Types" reason="Managing entity types needs permission to modify entity types.">
      <Stack gap="lg" maw={960}>
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={4} align="flex-start">
            <Button
              component={Link}
              to={from ?? '/settings/admin-tools/index'}
              variant="subtle"
              leftSection={<IconArrowLeft size={16} />}
              px={0}
            >
              Back
            </Button>
            <Title order={1}>Manage Entity Types</Title>
          </Stack>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void list.refetch()}
              loading={list.isRefetching}
            >
              Refresh
            </Button>
            <ImportMenu />
            <Button
              component={Link}
              to={`/settings/admin-tools/manage-entity-types/add?from=${encodeURIComponent(MANAGE_TYPES_PATH)}`}
              leftSection={<IconPlus size={16} />}
            >
              Add Entity Type
            </Button>
          </Group>
        </Group>
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Search entity types"
            placeholder="Search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            rightSection={search !== debounced ? <Loader role="status" size="xs" aria-label="Searching" /> : undefined}
            style={{ flex: 1, minWidth: 200 }}
          />
          <SegmentedControl aria-label="Sort" value={sort} onChange={(value) => setSort(value as TypeSort)} data={TYPE_SORTS} />
        </Group>
        {!draggable && shown.length > 1 && canModify && (
          <Text fz="xs" c="dimmed">
            Drag to reorder in sort order without a search.
          </Text>
        )}
        {body}
        {confirm.modal}
      </Stack>
    </Gate>
  );
}
