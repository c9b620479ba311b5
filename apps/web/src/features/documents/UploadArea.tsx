import { Box, Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type DragEvent, type ReactNode, useState, useSyncExternalStore } from 'react';
import { useScreenQuery } from '../../app/media-query.ts';
import { fileDocument, uploadWithProgress } from './documents-api.ts';
import { type LibraryQuery, useRefreshDocuments } from './folder-dialogs.tsx';

interface UploadItem {
  key: string;
  name: string;
  progress: number;
  error: string | null;
  done: boolean;
}

/**
 * The uploads of this screen, shared by the Upload button and the drop zone: each file goes up
 * through POST /files with its own progress, then POST /documents files it where the person is.
 */
const uploads = (() => {
  let items: UploadItem[] = [];
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };
  return {
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    items: () => items,
    set(key: string, change: Partial<UploadItem>) {
      items = items.map((i) => (i.key === key ? { ...i, ...change } : i));
      emit();
    },
    add(item: UploadItem) {
      items = [...items, item];
      emit();
    },
    clearDone() {
      items = items.filter((i) => !i.done || i.error);
      emit();
    },
    dismiss() {
      items = items.filter((i) => !i.error && !i.done);
      emit();
    },
  };
})();

function useUpload(query: LibraryQuery) {
  const refresh = useRefreshDocuments();
  return async (files: File[]) => {
    await Promise.all(
      files.map(async (file) => {
        const key = crypto.randomUUID();
        uploads.add({ key, name: file.name, progress: 0, error: null, done: false });
        try {
          const stored = await uploadWithProgress(file, (progress) => uploads.set(key, { progress }));
          await fileDocument({
            file_id: stored.id,
            library: query.library,
            ...(query.station_id ? { station_id: query.station_id } : {}),
            folder_id: query.folder_id ?? null,
          });
          uploads.set(key, { progress: 1, done: true });
        } catch (error) {
          uploads.set(key, { error: `An error occurred: ${error instanceof Error ? error.message : String(error)}`, done: true });
        }
      }),
    );
    await refresh();
    uploads.clearDone();
  };
}

function UploadProgress() {
  const items = useSyncExternalStore(uploads.subscribe, uploads.items, uploads.items);
  if (!items.length) return null;
  return (
    <Paper withBorder p="sm" radius="md" aria-label="Uploads" role="region">
      <Stack gap="xs">
        {items.map((item) => (
          <Box key={item.key}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fz="sm" truncate>
                {item.name}
              </Text>
              <Text fz="xs" c={item.error ? 'red.8' : 'gray.7'}>
                {item.error ?? `${Math.round(item.progress * 100)}%`}
              </Text>
            </Group>
            <Progress value={item.progress * 100} color={item.error ? 'red' : undefined} aria-label={`Upload of ${item.name}`} size="sm" />
          </Box>
        ))}
        {items.some((i) => i.error) && (
          <Group justify="flex-end">
            <Button size="compact-sm" variant="subtle" onClick={() => uploads.dismiss()}>
              Dismiss
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * `button`: the Upload button (several files). `zone`: wraps the folder's content; on wide
 * screens files dropped on it are uploaded, and the progress of each file shows above it.
 */
export function UploadArea({
  query,
  mode,
  enabled = true,
  children,
}: {
  query: LibraryQuery;
  mode: 'button' | 'zone';
  enabled?: boolean;
  children?: ReactNode;
}) {
  const upload = useUpload(query);
  const wide = useScreenQuery('(min-width: 62em)');
  const [over, setOver] = useState(false);
  if (mode === 'button') {
    return (
      <FileButton onChange={(files) => void upload(files)} multiple>
        {(props) => (
          <Button {...props} leftSection={<IconUpload size={18} />} mih={44}>
            Upload
          </Button>
        )}
      </FileButton>
    );
  }
  const dropping = enabled && wide;
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length) void upload(files);
  };
  return (
    <Stack gap="sm">
      <UploadProgress />
      <Box
        data-testid="document-drop-zone"
        onDragOver={
          dropping
            ? (e) => {
                e.preventDefault();
                setOver(true);
              }
            : undefined
        }
        onDragLeave={dropping ? () => setOver(false) : undefined}
        onDrop={dropping ? onDrop : undefined}
        style={{ outline: over ? '2px dashed var(--mantine-primary-color-filled)' : undefined, borderRadius: 8, minHeight: 120 }}
      >
        {children}
        {dropping && (
          <Text fz="xs" c="gray.7" ta="center" mt="sm">
            Drop files here to upload them
          </Text>
        )}
      </Box>
    </Stack>
  );
}
