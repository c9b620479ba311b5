import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { CALENDAR_MESSAGES } from '@turnout/shared';
import { lazyDialog } from '../dialogs/lazy-dialog.tsx';
import { useDeleteRecurringEvent } from './recurring-event-api.ts';
import { recurringKeys } from './recurring-origin-api.ts';

// The recurring event's editor loads when Modify Schedule Item opens it, not with every record (issue 20).
const RecurringEventDialog = lazyDialog(() => import('./RecurringEventDialog.tsx').then((m) => m.RecurringEventDialog));

export type ScheduleAction = 'modify' | 'delete' | null;

/**
 * Modify Schedule Item and Delete Schedule Item of a record made by a recurring event (spec 01
 * §2.7): the recurring event dialog for its definition, or the delete confirmation that warns
 * no future entities will be created.
 */
export function ScheduleItemDialogs({
  opened,
  eventId,
  action,
  onClose,
}: {
  /** Either dialog may show (lazyDialog: false until the dialogs' module has mounted). */
  opened: boolean;
  eventId: string | null;
  action: ScheduleAction;
  onClose(): void;
}) {
  const remove = useDeleteRecurringEvent();
  const client = useQueryClient();
  async function confirmDelete() {
    if (!eventId) return;
    try {
      const answer = await remove.mutateAsync(eventId);
      await client.invalidateQueries({ queryKey: ['calendar', 'origin'] });
      client.removeQueries({ queryKey: recurringKeys.one(eventId) });
      notifications.show({ color: 'green', message: answer.message });
      onClose();
    } catch (e) {
      notifications.show({ color: 'red', message: e instanceof Error ? e.message : 'Could not delete the schedule.' });
    }
  }
  return (
    <>
      <RecurringEventDialog opened={opened && action === 'modify' && eventId !== null} onClose={onClose} definitionId={eventId} />
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={opened && action === 'delete' && eventId !== null}
        onClose={onClose}
        title="Delete Schedule Item"
      >
        <Stack gap="md">
          <Text>{CALENDAR_MESSAGES.deleteWarning}</Text>
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" mih={44} loading={remove.isPending} onClick={() => void confirmDelete()}>
              Delete Schedule
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
