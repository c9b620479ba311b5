import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatStampTime } from './common/dates.ts';
import { defineField } from './common/define.tsx';
import { FieldShell } from './common/FieldShell.tsx';
import type { FieldDisplayProps, FieldEditorProps } from './types.ts';

interface Approval {
  approved_at?: string | null;
  value: boolean;
}

export const NOT_APPROVED = 'Item is not approved.';
export const APPROVED = 'Item is approved.';

/**
 * approval-required (spec 02 §4 'Approval'): 'Item is not approved.' with Approve, which saves
 * at once with the time and value true ('Item approved.'); then 'Item is approved.'.
 */
function ApprovalEditor(props: FieldEditorProps<Approval>) {
  const [saving, setSaving] = useState(false);
  const approved = props.value?.value === true;
  const approve = async () => {
    const next = { approved_at: new Date().toISOString(), value: true };
    props.onChange(next);
    setSaving(true);
    try {
      await props.record.save?.({ [props.field.property]: next });
      notifications.show({ color: 'green', message: 'Item approved.' });
    } catch (error) {
      notifications.show({ color: 'red', message: `Errors occurred during save: ${(error as Error).message}` });
    } finally {
      setSaving(false);
    }
  };
  return (
    <FieldShell {...props}>
      <Group gap="sm" mt={4}>
        <Text fz="sm" c={approved ? 'green.8' : undefined}>
          {approved ? APPROVED : NOT_APPROVED}
          {approved && props.value?.approved_at ? ` (${formatStampTime(props.value.approved_at, props.record.timeZone)})` : ''}
        </Text>
        {!approved && props.editable && (
          <Button size="xs" onClick={approve} loading={saving}>
            Approve
          </Button>
        )}
      </Group>
    </FieldShell>
  );
}

const ApprovalDisplay = ({ value }: FieldDisplayProps<Approval>) => <Text fz="sm">{value?.value ? APPROVED : NOT_APPROVED}</Text>;

export const approvalRequired = defineField<Approval>('approval-required', ApprovalEditor, ApprovalDisplay);
