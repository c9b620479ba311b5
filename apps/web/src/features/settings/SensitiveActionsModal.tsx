import { Alert, Box, Button, Center, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { isSignedOut } from '../../api/index.ts';
import { nearEnd } from './infinite-scroll.ts';
import { fetchSensitiveActions } from './sensitive-actions-api.ts';

function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString();
}

function SensitiveActionsTable() {
  const history = useInfiniteQuery({
    queryKey: ['sensitive-actions'],
    queryFn: ({ pageParam, signal }) => fetchSensitiveActions(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
    staleTime: 0,
  });
  const box = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;

  const loadMoreIfNearEnd = useCallback(() => {
    const element = box.current;
    if (element && hasNextPage && !isFetchingNextPage && nearEnd(element)) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  // A first page shorter than the panel has no scroll to wait for.
  useEffect(loadMoreIfNearEnd, [loadMoreIfNearEnd]);

  const rows = history.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Box ref={box} h="70vh" style={{ overflowY: 'auto' }} onScroll={loadMoreIfNearEnd} data-testid="sensitive-actions-panel" tabIndex={0}>
      {history.isPending ? (
        <Center h="100%">
          <Loader role="status" aria-label="Loading sensitive actions" />
        </Center>
      ) : history.isError && rows.length === 0 ? (
        isSignedOut(history.error) ? null : (
          <Alert color="red" variant="light" role="alert" title="The history could not be loaded">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{history.error.message}</Text>
              <Button size="xs" variant="light" onClick={() => void history.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )
      ) : rows.length === 0 ? (
        <Center h="100%">
          <Text c="dimmed">No sensitive action history</Text>
        </Center>
      ) : (
        <Table stickyHeader striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="22%">User</Table.Th>
              <Table.Th w="22%">Date &amp; Time</Table.Th>
              <Table.Th>Notes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{entry.user.display_name}</Table.Td>
                <Table.Td>
                  <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" fw={600}>
                    {entry.name}
                  </Text>
                  <Text fz="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
                    {entry.content}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {isFetchingNextPage && (
        <Center py="md">
          <Loader role="status" size="sm" aria-label="Loading more" />
        </Center>
      )}
      {history.isError && rows.length > 0 && !isSignedOut(history.error) && (
        <Alert color="red" variant="light" role="alert" m="sm">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">More history could not be loaded: {history.error.message}</Text>
            <Button size="xs" variant="light" onClick={() => void fetchNextPage()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
    </Box>
  );
}

/** The Sensitive Actions popup of Admin Tools (spec 03 §2): 70% of the window high, loading on as it scrolls. */
export function SensitiveActionsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Sensitive Actions" size="xl" centered>
      {opened && <SensitiveActionsTable />}
    </Modal>
  );
}
