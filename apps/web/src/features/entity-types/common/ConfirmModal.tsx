import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

export interface Confirmation {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  onConfirm: () => unknown;
}

/** A yes/no question before something is removed (spec 03 §5: delete confirmations). */
export function ConfirmModal({ confirmation, onClose }: { confirmation: Confirmation | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!confirmation) return;
    setBusy(true);
    try {
      await confirmation.onConfirm();
      onClose();
    } catch {
      // The action reported its own failure; the question stays open to try again or cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={confirmation !== null} onClose={onClose} title={confirmation?.title ?? ''} centered zIndex={400}>
      <Text>{confirmation?.message}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color="red" onClick={() => void confirm()} loading={busy} data-autofocus>
          {confirmation?.confirmLabel ?? 'Delete'}
        </Button>
      </Group>
    </Modal>
  );
}

/** State for one ConfirmModal: `ask(...)` opens it. */
export function useConfirmation() {
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  return {
    ask: setConfirmation,
    modal: <ConfirmModal confirmation={confirmation} onClose={() => setConfirmation(null)} />,
  };
}
