import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFolderPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentFolder } from '@turnout/shared';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/index.ts';
import { createFolder, documentKeys, fetchFolderTree, type libraryOf } from './documents-api.ts';

export type LibraryQuery = NonNullable<ReturnType<typeof libraryOf>>;

export const DELETE_CONFIRMATION = 'Are you sure you want to delete? This is a permanent action.';

/** The first server message for a field, or the general one. */
export function errorText(error: unknown, field?: string): string {
  if (error instanceof ApiError) return (field && error.fieldErrors?.[field]?.[0]) || error.message;
  return error instanceof Error ? error.message : String(error);
}

export function useRefreshDocuments() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: documentKeys.all });
}

/** A folder name form in a dialog: create and rename share it. */
export function FolderNameDialog({
  opened,
  title,
  initial,
  submitLabel,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  title: string;
  initial: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(name);
      onClose();
    } catch (e) {
      setError(errorText(e, 'folder_name'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Folder name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            data-autofocus
            maxLength={255}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function NewFolderButton({ query }: { query: LibraryQuery }) {
  const [open, setOpen] = useState(false);
  const refresh = useRefreshDocuments();
  return (
    <>
      <Button variant="default" leftSection={<IconFolderPlus size={18} />} onClick={() => setOpen(true)} mih={44}>
        New Folder
      </Button>
      {open && (
        <FolderNameDialog
          opened
          title="New Folder"
          initial=""
          submitLabel="Create"
          onClose={() => setOpen(false)}
          onSubmit={async (folder_name) => {
            await createFolder({
              folder_name,
              library: query.library,
              ...(query.station_id ? { station_id: query.station_id } : {}),
              parent_folder: query.folder_id ?? null,
            });
            await refresh();
          }}
        />
      )}
    </>
  );
}

/** Folder paths of a library as options ('SOPs / Engine'), the top level first. */
export function folderOptions(folders: DocumentFolder[], exclude?: string): { value: string; label: string }[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const pathOf = (f: DocumentFolder): string[] => {
    const names: string[] = [];
    let current: DocumentFolder | undefined = f;
    for (let depth = 0; current && depth < 100; depth += 1) {
      names.unshift(current.folder_name);
      current = current.parent_folder ? byId.get(current.parent_folder) : undefined;
    }
    return names;
  };
  const inside = (f: DocumentFolder): boolean => {
    let current: DocumentFolder | undefined = f;
    for (let depth = 0; current && depth < 100; depth += 1) {
      if (current.id === exclude) return true;
      current = current.parent_folder ? byId.get(current.parent_folder) : undefined;
    }
    return false;
  };
  return [
    { value: '', label: 'Top level' },
    ...folders
      .filter((f) => !exclude || !inside(f))
      .map((f) => ({ value: f.id, label: pathOf(f).join(' / ') }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  ];
}

/** 'Move to…': choose a folder of the same library. */
export function MoveDialog({
  name,
  query,
  exclude,
  onClose,
  onMove,
}: {
  name: string;
  query: LibraryQuery;
  exclude?: string;
  onClose: () => void;
  onMove: (folderId: string | null) => Promise<unknown>;
}) {
  const tree = useQuery({
    queryKey: documentKeys.tree({ library: query.library, station_id: query.station_id }),
    queryFn: () => fetchFolderTree({ library: query.library, ...(query.station_id ? { station_id: query.station_id } : {}) }),
  });
  const [target, setTarget] = useState<string | null>(query.folder_id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const move = async () => {
    setBusy(true);
    setError(null);
    try {
      await onMove(target ? target : null);
      notifications.show({ color: 'green', message: 'Updated Successfully' });
      onClose();
    } catch (e) {
      setError(errorText(e, 'parent_folder'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Move ${name}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Select
          label="Move to"
          data={folderOptions(tree.data ?? [], exclude)}
          value={target}
          onChange={setTarget}
          searchable
          allowDeselect={false}
          error={error}
          disabled={tree.isLoading}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={move} loading={busy}>
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The permanent-delete question; `detail` says what else goes with it. */
export function ConfirmDelete({ detail, onClose, onConfirm }: { detail?: string; onClose: () => void; onConfirm: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      notifications.show({ color: 'green', message: 'Deleted Successfully' });
      onClose();
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Delete" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>{DELETE_CONFIRMATION}</Text>
        {detail && <Text fw={600}>{detail}</Text>}
        {error && (
          <Text c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={busy}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
