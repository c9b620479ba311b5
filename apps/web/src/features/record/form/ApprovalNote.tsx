import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FieldDefinition } from '@turnout/shared';
import { useState } from 'react';
import { ApiError } from '../../../api/index.ts';
import { type ApprovalDecision, decisionText, entryOf, mayApprove, type PendingChange } from '../model/approvals.ts';
import { formatStamp } from '../model/time-format.ts';
import { approveChanges, type RecordData, rejectChanges } from '../record-api.ts';
import { textOf } from './FallbackField.tsx';
import { useRecordForm } from './record-form-context.tsx';

export const REJECT_CONFIRMATION = 'Are you sure you want to reject the selected changes? This is a permanent action.';

/**
 * Approval of one field (spec 02 §4 'Approval'): a change waiting in data_requiring_approval
 * shows with Approve and Reject for approvers (Reject asks first); a decided one reads
 * 'approved by {user} at {time}' (or rejected).
 */
export function ApprovalNote({ field, record }: { field: FieldDefinition; record: RecordData }) {
  const form = useRecordForm();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const pending = entryOf<PendingChange>(record.data_requiring_approval, field.property);
  const approved = entryOf<ApprovalDecision>(record.data_approved, field.property);
  const rejected = entryOf<ApprovalDecision>(record.data_rejected, field.property);
  const viewer = form?.state.viewer;
  const canDecide = viewer ? mayApprove(field, viewer.role, viewer.isGlobalAdmin) : false;

  const decide = async (outcome: 'approve' | 'reject') => {
    setBusy(outcome);
    try {
      const next =
        outcome === 'approve'
          ? await approveChanges(record.type.name, record.id, [field.property])
          : await rejectChanges(record.type.name, record.id, [field.property]);
      form?.applyRecord(next);
      if (outcome === 'approve') notifications.show({ color: 'green', message: 'Item approved.' });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof ApiError || error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  if (!pending && !approved && !rejected) return null;
  const decided = approved ?? rejected;
  return (
    <Stack gap={4}>
      {decided && !pending ? (
        <Text fz="xs" c="dimmed">
          {decisionText(approved ? 'approved' : 'rejected', decided)}
        </Text>
      ) : null}
      {pending ? (
        <Paper withBorder p="xs" bg="yellow.0">
          <Text fz="sm">
            Waiting for approval: <b>{textOf(field, pending.value) || '(empty)'}</b>
            {pending.by_name ? ` (changed by ${pending.by_name} at ${formatStamp(pending.at)})` : ''}
          </Text>
          {canDecide ? (
            <Group gap="xs" mt={6}>
              <Button size="xs" color="green" loading={busy === 'approve'} disabled={busy !== null} onClick={() => void decide('approve')}>
                Approve
              </Button>
              <Button size="xs" color="red" variant="light" disabled={busy !== null} onClick={() => setConfirming(true)}>
                Reject
              </Button>
            </Group>
          ) : null}
        </Paper>
      ) : null}
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Reject changes"
        centered
      >
        <Text>{REJECT_CONFIRMATION}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={busy !== null}>
            Cancel
          </Button>
          <Button color="red" loading={busy === 'reject'} onClick={() => void decide('reject')}>
            Reject
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
