import { ActionIcon, Button, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import type { QueuedUpdatesBannerProps } from '../entity-list/banners/QueuedUpdatesBanner.tsx';
import type { UnsavedDraftsBannerProps } from '../entity-list/banners/UnsavedDraftsBanner.tsx';
import { useOfflineQueue } from './offline-context.tsx';
import type { UnsavedDraft } from './offline-store.ts';

export const DISCARD_QUEUE_TEXT = 'Discard every queued update? What they hold has not reached the server and will be lost.';
export const REMOVE_QUEUED_TEXT = 'Remove this queued update? What it holds has not reached the server and will be lost.';

/** Where a draft opens: the add screen for a new record, the record in edit mode otherwise. */
export const draftPath = (draft: Pick<UnsavedDraft, 'offline_id' | 'type_name' | 'record_id'>) =>
  draft.record_id === null
    ? `/entity/add?type=${encodeURIComponent(draft.type_name)}&draft=${encodeURIComponent(draft.offline_id)}`
    : `/entity/${encodeURIComponent(draft.type_name)}/${encodeURIComponent(draft.record_id)}?mode=edit&draft=${encodeURIComponent(draft.offline_id)}`;

/**
 * The page header's offline banners (spec 01 §2.6, 02 §2): 'N updates are queued.' (upload now,
 * discard with a confirmation, the list to remove one) and 'Continue unsaved {type label}'.
 * `typeName` limits the drafts to one type (a list shows its own).
 */
export function useOfflineBanners(typeName?: string): {
  queued: QueuedUpdatesBannerProps | undefined;
  drafts: UnsavedDraftsBannerProps | undefined;
  dialogs: ReactNode;
} {
  const offline = useOfflineQueue();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<{ id: string | null } | null>(null);
  const [listOpen, setListOpen] = useState(false);
  if (!offline) return { queued: undefined, drafts: undefined, dialogs: null };
  const drafts = offline.drafts.filter((d) => !typeName || d.type_name === typeName);
  const confirmAndDiscard = async () => {
    if (!confirm) return;
    if (confirm.id === null) await offline.discardQueue();
    else await offline.removeQueued(confirm.id);
    setConfirm(null);
  };
  const dialogs = (
    <>
      <Modal opened={listOpen && !confirm} onClose={() => setListOpen(false)} title="Queued updates" size="lg">
        {offline.queued.length === 0 ? (
          <Text fz="sm">Nothing is queued.</Text>
        ) : (
          <Table aria-label="Queued updates">
            <Table.Tbody>
              {offline.queued.map((item) => (
                <Table.Tr key={item.offline_id}>
                  <Table.Td>
                    <Text fz="sm">
                      {item.record_id === null ? `New ${item.type_label}` : `Changes to a ${item.type_label}`}
                      {item.file_ids.length > 0 ? ` (${item.file_ids.length} file${item.file_ids.length === 1 ? '' : 's'})` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td w={56}>
                    <Tooltip label="Remove queued update">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="xl"
                        aria-label={`Remove queued ${item.type_label}`}
                        onClick={() => setConfirm({ id: item.offline_id })}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Modal>
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title="Discard queued updates?" size="sm" centered>
        <Stack gap="md">
          <Text fz="sm">{confirm?.id === null ? DISCARD_QUEUE_TEXT : REMOVE_QUEUED_TEXT}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            {/* red.9: white on Mantine's red-6 reads at 3.3:1 (axe color-contrast); on red-9 at 5.6:1. */}
            <Button color="red.9" onClick={() => void confirmAndDiscard()}>
              Discard
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
  return {
    queued: {
      count: offline.queued.length,
      onUploadNow: () => void offline.uploadNow(),
      onDiscard: () => setConfirm({ id: null }),
      onShow: () => setListOpen(true),
    },
    drafts: {
      drafts: drafts.map((d) => ({ id: d.offline_id, typeLabel: d.type_label })),
      onContinue: (id) => {
        const draft = drafts.find((d) => d.offline_id === id);
        if (draft) navigate(draftPath(draft));
      },
      onDiscard: (id) => void offline.discardDraft(id),
    },
    dialogs,
  };
}
