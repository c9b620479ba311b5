import { Alert, Button, Group, Loader, Paper, SegmentedControl, Skeleton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { isSignedOut } from '../../api/index.ts';
import classes from './LoginList.module.css';
import { fetchLogins, LOGINS_QUERY_KEY, type LoginKind, type LoginRows, type LoginSort } from './logins-api.ts';

/** List search waits 200 ms after the last keystroke (spec 03 §9). */
export const LOGIN_SEARCH_DEBOUNCE_MS = 200;

interface LoginListProps<K extends LoginKind> {
  kind: K;
  /** 'No tenants', 'No users', 'No personnels' (spec 03 §2). */
  emptyText: string;
  searchLabel: string;
  renderRow: (row: LoginRows[K]) => ReactNode;
  onOpen: (row: LoginRows[K]) => void;
}

/** One segment of Manage Logins: search, A–Z / Z–A, pages loaded on demand up to last_page. */
export function LoginList<K extends LoginKind>({ kind, emptyText, searchLabel, renderRow, onOpen }: LoginListProps<K>) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), LOGIN_SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<LoginSort>('a_to_z');

  const list = useInfiniteQuery({
    queryKey: [LOGINS_QUERY_KEY, kind, { search: debounced, sort }],
    queryFn: ({ pageParam, signal }) => fetchLogins(kind, { page: pageParam, search: debounced, sort }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  const total = list.data?.pages.at(-1)?.meta.total ?? 0;
  const searching = list.isFetching && !list.isFetchingNextPage;

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Stack role="status" gap="xs" aria-busy="true" aria-label="Loading">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} h={58} radius="md" />
        ))}
      </Stack>
    );
  } else if (list.isError && rows.length === 0) {
    body = isSignedOut(list.error) ? null : (
      <Alert color="red" variant="light" role="alert" title="The list could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{list.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="xs">
        <Paper withBorder radius="md" component="ul" p={0} m={0} style={{ listStyle: 'none', overflow: 'hidden' }} aria-label={searchLabel}>
          {rows.map((row, index) => (
            <li key={row.id} style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-2)' }}>
              <UnstyledButton onClick={() => onOpen(row)} w="100%" px="md" py="sm" className={classes.row}>
                {renderRow(row)}
              </UnstyledButton>
            </li>
          ))}
        </Paper>
        <Group justify="space-between">
          <Text fz="sm" c="dimmed">
            Showing {rows.length} of {total}
          </Text>
          {list.hasNextPage && (
            <Button variant="light" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              Load more
            </Button>
          )}
        </Group>
        {list.isError && !isSignedOut(list.error) && (
          <Alert color="red" variant="light" role="alert">
            {list.error.message}
          </Alert>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <TextInput
          label={searchLabel}
          placeholder="Search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          rightSection={searching && !list.isPending ? <Loader role="status" size="xs" aria-label="Searching" /> : undefined}
          style={{ flex: 1, minWidth: 200 }}
          type="search"
        />
        <SegmentedControl
          aria-label="Sort"
          value={sort}
          onChange={(value) => setSort(value as LoginSort)}
          data={[
            { value: 'a_to_z', label: 'A–Z' },
            { value: 'z_to_a', label: 'Z–A' },
          ]}
        />
      </Group>
      {body}
    </Stack>
  );
}
