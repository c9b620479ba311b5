import { ActionIcon, Alert, Anchor, Group, Stack, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

export interface UnsavedDraft {
  /** The draft's offline id. */
  id: string;
  /** The entity type's label, as in 'Continue unsaved Incident Report'. */
  typeLabel: string;
}

export interface UnsavedDraftsBannerProps {
  /** Up to 5 drafts, newest first (spec 01 §4); the offline module passes them. */
  drafts: readonly UnsavedDraft[];
  onContinue(id: string): void;
  onDiscard(id: string): void;
}

/** 'Continue unsaved {type label}' banners, each with a discard icon (spec 02 §2); nothing without drafts. */
export function UnsavedDraftsBanner({ drafts, onContinue, onDiscard }: UnsavedDraftsBannerProps) {
  if (drafts.length === 0) return null;
  return (
    <Stack gap={4}>
      {drafts.map((draft) => (
        <Alert key={draft.id} color="blue" variant="light" py="xs">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component="button" type="button" fz="sm" onClick={() => onContinue(draft.id)}>
              Continue unsaved {draft.typeLabel}
            </Anchor>
            <Tooltip label="Discard draft">
              <ActionIcon
                variant="subtle"
                color="red"
                size="xl"
                aria-label={`Discard unsaved ${draft.typeLabel}`}
                onClick={() => onDiscard(draft.id)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
