import { Avatar, Button, Group, Loader, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { isGlobalAdmin } from '../identity/access.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { Gate } from '../settings/AccessDenied.tsx';
import { LoadFailure, RowsLoading } from './LoadStates.tsx';
import { fetchTenantPage, TENANTS_QUERY_KEY } from './tenant-api.ts';

/** List search waits 200 ms after the last keystroke (spec 03 §9). */
const SEARCH_DEBOUNCE_MS = 200;

/** /admin/tenant (AdminTenantList, spec 01 §2.3): every tenant, searched and paged, for global admins. */
export function TenantListPage() {
  const user = useCurrentUser();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useInfiniteQuery({
    queryKey: [TENANTS_QUERY_KEY, 'list', debounced],
    queryFn: ({ pageParam, signal }) => fetchTenantPage({ page: pageParam, search: debounced }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
    placeholderData: keepPreviousData,
    enabled: isGlobalAdmin(user),
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages.at(-1)?.meta.total ?? 0;

  let body: ReactNode;
  if (list.isPending) {
    body = <RowsLoading />;
  } else if (list.isError && rows.length === 0) {
    body = <LoadFailure title="The list could not be loaded" error={list.error} onRetry={() => void list.refetch()} />;
  } else if (rows.length === 0) {
    body = (
      <Paper withBorder radius="md" p="xl">
        <Text c="gray.7" ta="center">
          No tenants
        </Text>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Paper withBorder radius="md" component="ul" p={0} m={0} style={{ listStyle: 'none', overflow: 'hidden' }} aria-label="Tenants">
          {rows.map((t, index) => (
            <li key={t.id} style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-2)' }}>
              <UnstyledButton component={Link} to={`/admin/tenant/view?id=${t.id}`} w="100%" px="md" py="sm" mih={44} display="block">
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={t.SYSTEM_display_picture} color="red" radius="md" alt="">
                    {t.display_name.slice(0, 2).toUpperCase()}
                  </Avatar>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {t.display_name}
                    </Text>
                    <Text fz="sm" c="gray.7" truncate>
                      {t.name}
                    </Text>
                  </Stack>
                  {t.color && (
                    <span aria-hidden style={{ marginLeft: 'auto', width: 16, height: 16, borderRadius: 4, background: t.color }} />
                  )}
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Paper>
        <Group justify="space-between">
          <Text fz="sm" c="gray.7">
            Showing {rows.length} of {total}
          </Text>
          {list.hasNextPage && (
            <Button variant="light" mih={44} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              Load more
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Gate allowed={isGlobalAdmin(user)} title="Tenants" reason="The tenant list is for global admins.">
      <Stack gap="lg" maw={720}>
        <Title order={1}>Tenants</Title>
        <TextInput
          label="Search tenants"
          placeholder="Search"
          leftSection={<IconSearch size={16} />}
          rightSection={list.isFetching && !list.isFetchingNextPage && !list.isPending ? <Loader size={14} /> : null}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {body}
      </Stack>
    </Gate>
  );
}
