import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { type Blocker, useBlocker } from 'react-router';

export const UNSAVED_CHANGES_TITLE = 'Unsaved Changes';
export const UNSAVED_CHANGES_TEXT = 'Changes have been made. Would you like to save first?';

/**
 * While there are unsaved changes, leaving the screen (a link, the browser's back button) waits
 * for an answer, and closing the tab asks the browser's own question.
 */
export function useLeaveGuard(dirty: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}

const NO_BLOCKER: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };

/** No guard of its own: for an editor inside a screen that guards the route itself. */
export function useNoLeaveGuard(_dirty: boolean): Blocker {
  return NO_BLOCKER;
}

interface UnsavedChangesModalProps {
  opened: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onCancel: () => void;
}

/** 'Unsaved Changes' – 'Changes have been made. Would you like to save first?' (spec 01 §8). */
export function UnsavedChangesModal({ opened, saving, onSave, onDiscard, onCancel }: UnsavedChangesModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={UNSAVED_CHANGES_TITLE} centered>
      <Text>{UNSAVED_CHANGES_TEXT}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button variant="light" color="red" onClick={onDiscard} disabled={saving}>
          Discard Changes
        </Button>
        <Button onClick={onSave} loading={saving} data-autofocus>
          Save
        </Button>
      </Group>
    </Modal>
  );
}
