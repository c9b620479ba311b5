import { Alert, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { COLLECTIONS_PERMISSION } from '@turnout/shared';
import { useState } from 'react';
import { usePermissions } from '../../permissions/use-permission.tsx';
import { fetchTypesLite, liteKey } from '../entity-types-api.ts';
import { canDragTypes, TYPE_SEARCH_DEBOUNCE_MS, visibleTypes } from '../model/type-list.ts';
import { SortableTypeList } from './SortableTypeList.tsx';

export const COLLECTIONS_DENIED = 'Permissions error - cannot access collections.';

/**
 * /settings/collections (spec 03 §2 'Collections'): the non-module types the user may view,
 * searchable and drag-sortable. Needs update on collections.
 */
export function CollectionsPage() {
  const can = usePermissions();
  const allowed = can(COLLECTIONS_PERMISSION, 'update');
  const canReorder = can('modify_entity_types', 'update');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, TYPE_SEARCH_DEBOUNCE_MS);
  const list = useQuery({ queryKey: liteKey, queryFn: ({ signal }) => fetchTypesLite(signal), staleTime: 0, enabled: allowed });
  const collections = visibleTypes(
    (list.data ?? []).filter((t) => !t.is_module),
    debounced,
    'default',
  );
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>Collections</Title>
      {!allowed ? (
        <Alert color="red" variant="light" role="alert">
          {COLLECTIONS_DENIED}
        </Alert>
      ) : (
        <>
          <TextInput
            label="Search collections"
            placeholder="Search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            rightSection={search !== debounced ? <Loader role="status" size="xs" aria-label="Searching" /> : undefined}
          />
          {canReorder && !canDragTypes(debounced, 'default') && (
            <Text fz="xs" c="dimmed">
              Clear the search to reorder by dragging.
            </Text>
          )}
          <SortableTypeList
            list={list}
            types={collections}
            draggable={canReorder && canDragTypes(debounced, 'default')}
            linkOf={(type) => `/entity-list/?type=${encodeURIComponent(type.name)}`}
            emptyText={debounced.trim() ? `No collections match '${debounced.trim()}'` : 'No collections'}
            label="Collections"
          />
        </>
      )}
    </Stack>
  );
}
