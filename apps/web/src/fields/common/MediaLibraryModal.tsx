import { Button, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { DEBOUNCE_MS } from '@turnout/shared';
import { useState } from 'react';
import { type FileResource, type FileType, fetchMediaLibrary } from './files.ts';

/** Spec 02 §9: the media library is at most 400 high. */
export const MEDIA_LIBRARY_MAX_HEIGHT = 400;

interface MediaLibraryModalProps {
  opened: boolean;
  onClose(): void;
  fileType: FileType;
  onPick(file: FileResource): void;
}

/** From Media Library: the tenant's files (GET /files/) with a Search box; 'No files found.' when none. */
export function MediaLibraryModal({ opened, onClose, fileType, onPick }: MediaLibraryModalProps) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, DEBOUNCE_MS.globalSearch);
  const files = useInfiniteQuery({
    queryKey: ['media-library', fileType, term.trim()],
    queryFn: ({ pageParam, signal }) => fetchMediaLibrary(term, fileType, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
    enabled: opened,
  });
  const items = files.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title="Media Library">
      <Stack gap="sm">
        <TextInput label="Search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} data-autofocus />
        <ScrollArea.Autosize mah={MEDIA_LIBRARY_MAX_HEIGHT} type="auto">
          {files.isLoading && <Loader role="status" size="sm" aria-label="Loading files" />}
          {files.isError && (
            <Text c="red" fz="sm">
              {(files.error as Error).message}
            </Text>
          )}
          {!files.isLoading && !files.isError && items.length === 0 && (
            <Text c="gray.7" fz="sm">
              No files found.
            </Text>
          )}
          <Stack gap={4}>
            {items.map((f) => (
              <UnstyledButton
                key={f.id}
                onClick={() => onPick(f)}
                p="xs"
                style={{ borderRadius: 4, border: '1px solid var(--mantine-color-gray-3)' }}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text fz="sm" truncate>
                    {f.original_name}
                  </Text>
                  <Text fz="xs" c="gray.7">
                    {new Date(f.created_at).toLocaleDateString('en-US')}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
          {files.hasNextPage && (
            <Button variant="subtle" size="xs" mt="xs" onClick={() => files.fetchNextPage()} loading={files.isFetchingNextPage}>
              Load more
            </Button>
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
