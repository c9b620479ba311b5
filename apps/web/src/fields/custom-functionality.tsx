import { Button, Group, NumberInput, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { api } from '../api/index.ts';
import { customFunctionalitySlots } from './common/custom-slots.ts';
import { defineField } from './common/define.tsx';
import { FieldShell } from './common/FieldShell.tsx';
import type { FieldEditorProps } from './types.ts';

export const SIGNED_IN_BEFORE = 'User has previously signed in.';
export const RESENT = 'Resent welcome email successfully.';
export const PULL_FAILED = 'An error occurred when performing random pull. Check permissions.';

const isVerified = (value: unknown) =>
  value === 'verified' ||
  value === true ||
  (!!value &&
    typeof value === 'object' &&
    ((value as Record<string, unknown>).status === 'verified' || (value as Record<string, unknown>).verified === true));

/** activation-status: verified, or Resend Welcome Email (POST /user/resend-welcome with the record's email address). */
function ActivationStatus(props: FieldEditorProps<unknown>) {
  const [sending, setSending] = useState(false);
  const email = props.record.values.email_address ?? props.record.values.email;
  if (isVerified(props.value)) return <Text fz="sm">{SIGNED_IN_BEFORE}</Text>;
  const resend = async () => {
    setSending(true);
    try {
      await api.post('/user/resend-welcome', { email });
      notifications.show({ color: 'green', message: RESENT });
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setSending(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="default"
      onClick={resend}
      loading={sending}
      disabled={typeof email !== 'string' || email === '' || !props.record.entityId}
    >
      Resend Welcome Email
    </Button>
  );
}

/** The Pull button is enabled only for a count that is a number while no pull runs (spec 02 §5). */
export const canPull = (count: string | number, pulling: boolean) => count !== '' && Number.isFinite(Number(count)) && !pulling;

/** random-entity-pull: a count and Pull (POST /entity/{type}/{id}/pull/{fieldName} {count}); only global admins may pull. */
function RandomEntityPull(props: FieldEditorProps<unknown>) {
  const [count, setCount] = useState<string | number>('');
  const [pulling, setPulling] = useState(false);
  const locked = !props.record.user?.isGlobalAdmin;
  const pull = async () => {
    setPulling(true);
    try {
      const { typeName, entityId } = props.record;
      await api.post(
        `/entity/${encodeURIComponent(typeName)}/${encodeURIComponent(entityId ?? '')}/pull/${encodeURIComponent(props.field.property)}`,
        {
          count: Number(count),
        },
      );
      props.record.reload?.();
    } catch {
      notifications.show({ color: 'red', message: PULL_FAILED });
    } finally {
      setPulling(false);
    }
  };
  return (
    <Group align="end" gap="xs">
      <NumberInput
        label="Count"
        value={count}
        onChange={setCount}
        allowDecimal={false}
        min={1}
        disabled={locked || !props.editable}
        w={120}
      />
      <Button onClick={pull} loading={pulling} disabled={locked || !props.editable || !props.record.entityId || !canPull(count, pulling)}>
        Pull
      </Button>
    </Group>
  );
}

function Notice({ text }: { text: string }) {
  return (
    <Text fz="sm" c="gray.7">
      {text}
    </Text>
  );
}

/** custom-functionality: what params.customFunctionalityType names. */
function CustomFunctionality(props: FieldEditorProps<unknown>) {
  const kind = props.field.params?.customFunctionalityType;
  const Slot =
    kind === 'timesheet-punch-card' || kind === 'xml-field-mapper' || kind === 'bib-view-report'
      ? customFunctionalitySlots[kind]
      : undefined;
  let body: ReactNode;
  if (kind === 'activation-status') body = <ActivationStatus {...props} />;
  else if (kind === 'random-entity-pull') body = <RandomEntityPull {...props} />;
  else if (Slot) body = <Slot {...props} />;
  else if (kind === 'timesheet-punch-card') body = <Notice text="The punch card shows on the time sheet's record screen." />;
  else if (kind === 'xml-field-mapper') body = <Notice text="The XML field mapper shows on the XML importer's record screen." />;
  else if (kind === 'bib-view-report') body = <Notice text="This report shows on the record screen." />;
  else body = <Notice text="No functionality is chosen for this field." />;
  return <FieldShell {...props}>{body}</FieldShell>;
}

export const customFunctionality = defineField<unknown>('custom-functionality', CustomFunctionality, () => null);
