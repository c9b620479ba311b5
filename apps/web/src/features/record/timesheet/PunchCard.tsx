import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FieldDefinition } from '@turnout/shared';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/index.ts';
import { useRecordForm } from '../form/record-form-context.tsx';
import { formatStamp } from '../model/time-format.ts';
import { shiftLength } from '../quiz/quiz-state.ts';
import { type PunchCardState, type PunchKind, punch, punchCard } from '../record-api.ts';

const EMPTY: PunchCardState = {
  on_shift: false,
  on_break: false,
  has_punched_today: false,
  shift_started_at: null,
  shift_length_hours: null,
};

/** The card state kept in the field's value, when the server keeps it there. */
function cardOf(value: unknown): PunchCardState {
  if (!value || typeof value !== 'object') return EMPTY;
  const v = value as Partial<PunchCardState>;
  return {
    on_shift: v.on_shift === true,
    on_break: v.on_break === true,
    has_punched_today: v.has_punched_today === true,
    shift_started_at: typeof v.shift_started_at === 'string' ? v.shift_started_at : null,
    shift_length_hours: typeof v.shift_length_hours === 'number' ? v.shift_length_hours : null,
  };
}

/**
 * The time sheet punch card (custom-functionality, customFunctionalityType
 * timesheet-punch-card; spec 02 §4): Punch In, Take a break, Finish Break, Punch Out (hidden on
 * a break), Punch In disabled once punched today, the shift length, Show/Hide Details.
 * For the custom-functionality editor: `<PunchCard field={field} />` inside the record form.
 */
export function PunchCard({ field }: { field: FieldDefinition }) {
  const form = useRecordForm();
  const [answered, setAnswered] = useState<PunchCardState | null>(null);
  const [busy, setBusy] = useState<PunchKind | null>(null);
  const [details, setDetails] = useState(false);
  const savedType = form?.saved?.type.name;
  const savedId = form?.saved?.id;
  // The card as the server counts it in this device's time zone; a punch answered meanwhile wins.
  useEffect(() => {
    if (!savedType || !savedId) return;
    let current = true;
    punchCard(savedType, savedId).then(
      (card) => current && setAnswered((answer) => answer ?? card),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [savedType, savedId]);
  if (!form) return null;
  const card = answered ?? cardOf(form.state.values[field.property]);
  const viewing = form.state.mode === 'view';

  const send = async (kind: PunchKind) => {
    setBusy(kind);
    try {
      const saved = form.saved ?? (await form.saveFirst());
      if (!saved) return;
      const answer = await punch(saved.type.name, saved.id, kind);
      setAnswered(answer.card);
      form.applyRecord(answer.data);
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof ApiError || error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(null);
    }
  };
  const button = (kind: PunchKind, label: string, disabled = false, variant = 'filled') => (
    <Button variant={variant} onClick={() => void send(kind)} loading={busy === kind} disabled={viewing || disabled || busy !== null}>
      {label}
    </Button>
  );
  const detailFields = form.childrenOf(field).filter(form.state.isVisible);
  const status = card.on_break ? 'On Break' : card.on_shift ? 'On Shift' : 'Not punched in';

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={field.title || 'Punch card'}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {field.title || 'Punch card'}
          </Title>
          <Badge color={card.on_break ? 'red.9' : card.on_shift ? 'green.9' : 'gray.7'}>{status}</Badge>
        </Group>
        {card.on_shift && card.shift_length_hours !== null ? <Text>Shift length: {shiftLength(card.shift_length_hours)}</Text> : null}
        {card.hours_worked_this_week !== undefined ? (
          <Text fz="sm">
            Worked this week: {shiftLength(card.hours_worked_this_week)} ({card.shifts_worked_this_week ?? 0}{' '}
            {card.shifts_worked_this_week === 1 ? 'shift' : 'shifts'})
          </Text>
        ) : null}
        <Group gap="sm">
          {!card.on_shift ? button('punch-in', 'Punch In', card.has_punched_today) : null}
          {card.on_shift && !card.on_break ? button('break-start', 'Take a break', false, 'light') : null}
          {card.on_shift && card.on_break ? button('break-end', 'Finish Break', false, 'light') : null}
          {card.on_shift && !card.on_break ? button('punch-out', 'Punch Out', false, 'outline') : null}
        </Group>
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => setDetails((d) => !d)} aria-expanded={details}>
            {details ? 'Hide Details' : 'Show Details'}
          </Button>
        </Group>
        {details ? (
          <Stack gap="xs">
            <Text fz="sm">Shift started: {card.shift_started_at ? formatStamp(card.shift_started_at) : '(None entered)'}</Text>
            <Text fz="sm">Punched in today: {card.has_punched_today ? 'Yes' : 'No'}</Text>
            {detailFields.map((f) => form.renderField(f))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
