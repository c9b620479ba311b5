import { ActionIcon, Alert, Anchor, Group, Text, Tooltip } from '@mantine/core';
import { IconCloudUpload, IconTrash } from '@tabler/icons-react';

export interface QueuedUpdatesBannerProps {
  /** How many saves wait in the offline queue; the offline module passes it. */
  count: number;
  onUploadNow(): void;
  onDiscard(): void;
  /** Opens the list of queued items (each can be removed); the text is plain without it. */
  onShow?(): void;
}

/**
 * 'N updates are queued.' with upload-now and discard icons (spec 02 §2). Renders nothing while
 * the queue is empty; the offline module gives it its data.
 */
export function QueuedUpdatesBanner({ count, onUploadNow, onDiscard, onShow }: QueuedUpdatesBannerProps) {
  if (count <= 0) return null;
  const text = count === 1 ? '1 update is queued.' : `${count} updates are queued.`;
  return (
    <Alert color="yellow" variant="light" py="xs" role="status">
      <Group justify="space-between" wrap="nowrap">
        {onShow ? (
          <Anchor component="button" type="button" fz="sm" onClick={onShow}>
            {text}
          </Anchor>
        ) : (
          <Text fz="sm">{text}</Text>
        )}
        {/* 44 px icons: tapped in gloves (issue 20). */}
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Upload now">
            <ActionIcon variant="subtle" size="xl" aria-label="Upload now" onClick={onUploadNow}>
              <IconCloudUpload size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Discard queued updates">
            <ActionIcon variant="subtle" size="xl" color="red" aria-label="Discard queued updates" onClick={onDiscard}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Alert>
  );
}
