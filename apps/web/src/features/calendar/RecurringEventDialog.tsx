import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Group,
  Loader,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import {
  CALENDAR_MESSAGES,
  CUSTOM_KEYS,
  type CustomKey,
  PLATOON_PRESETS,
  RECURRENCE_PRESET_LABELS,
  RECURRENCE_PRESETS,
  type RecurrencePreset,
} from '@turnout/shared';
import { useEffect, useState } from 'react';
import { ApiError, type FieldErrors } from '../../api/index.ts';
import { useCurrentUserOrNull } from '../identity/current-user.tsx';
import { fetchAllTenants } from '../identity/user-api.ts';
import { PrefillsEditor } from './PrefillsEditor.tsx';
import { useRecurringEvent, useSaveRecurringEvent, useSourceType, useSourceTypes } from './recurring-event-api.ts';
import { bodyOf, emptyForm, formOf, type RecurringEventForm, withType } from './recurring-event-form.ts';

const WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const CUSTOM_LABELS: Record<CustomKey, string> = {
  repeat_every_n_days: 'Days',
  repeat_every_n_weeks: 'Weeks',
  repeat_every_n_months: 'Months',
};
const WEEK_OF_MONTH = [
  { value: '0', label: 'By day of the month' },
  { value: '1', label: 'First' },
  { value: '2', label: 'Second' },
  { value: '3', label: 'Third' },
  { value: '4', label: 'Fourth' },
  { value: '-1', label: 'Last' },
];

interface RecurringEventDialogProps {
  opened: boolean;
  onClose(): void;
  /** Modify Schedule Item: the definition to update; a new one otherwise. */
  definitionId?: string | null;
}

/** 'Add/Update Entity or Task or Schedule Details' (spec 02 §2, §4): a create step, then 'Saved successfully.' */
export function RecurringEventDialog({ opened, onClose, definitionId = null }: RecurringEventDialogProps) {
  const existing = useRecurringEvent(opened ? definitionId : null);
  const [form, setForm] = useState<RecurringEventForm>(emptyForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [step, setStep] = useState<'create' | 'saved'>('create');
  const save = useSaveRecurringEvent();
  const user = useCurrentUserOrNull();
  const globalAdmin = Boolean(user?.is_global_admin);
  // The source types of the tenant the definition is for: a global admin's pick (once picked), else the acting tenant.
  const sources = useSourceTypes(globalAdmin ? form.tenant_id : '', opened && (!globalAdmin || Boolean(form.tenant_id)));
  // A global admin picks among every tenant (as in the tenant switcher), not only those they hold a role in.
  const tenants = useQuery({
    queryKey: ['switcher-tenants'],
    queryFn: ({ signal }) => fetchAllTenants(signal),
    enabled: opened && Boolean(user?.is_global_admin),
  });
  // The source type in full, in the same tenant: its fields are what the prefills fill.
  const sourceType = useSourceType(globalAdmin ? form.tenant_id : '', form.entity_type_id, opened);

  useEffect(() => {
    if (!opened) return;
    setStep('create');
    setErrors({});
    // A global admin's new definition starts in the tenant they act in (none at global level: they pick one).
    setForm(existing.data ? formOf(existing.data) : { ...emptyForm(), tenant_id: user?.is_global_admin ? (user.tenant_id ?? '') : '' });
  }, [opened, existing.data, user?.is_global_admin, user?.tenant_id]);

  const set = <K extends keyof RecurringEventForm>(key: K, value: RecurringEventForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const error = (...keys: string[]) => keys.flatMap((k) => errors[k] ?? []).join(' ') || undefined;

  async function submit() {
    try {
      await save.mutateAsync({ id: definitionId, body: bodyOf(form, Intl.DateTimeFormat().resolvedOptions().timeZone) });
      notifications.show({ color: 'green', message: CALENDAR_MESSAGES.saved });
      setStep('saved');
    } catch (e) {
      setErrors(e instanceof ApiError ? e.fieldErrors : {});
      notifications.show({ color: 'red', message: e instanceof Error ? e.message : 'Could not save the recurring event.' });
    }
  }

  const custom = form.event_key === 'custom';
  const byWeekday =
    custom && (form.custom_key === 'repeat_every_n_weeks' || (form.custom_key === 'repeat_every_n_months' && form.week_of_month !== 0));
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title="Add/Update Entity or Task or Schedule Details"
      size="lg"
    >
      {step === 'saved' ? (
        <Stack gap="md">
          <Alert color="green" role="status">
            Saved successfully.
          </Alert>
          <Button mih={44} onClick={onClose}>
            Done
          </Button>
        </Stack>
      ) : definitionId && existing.isPending ? (
        <Loader role="status" aria-label="Loading" />
      ) : (
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Create"
            value={form.mode}
            onChange={(v) => set('mode', v as RecurringEventForm['mode'])}
            data={[
              { value: 'entity', label: 'Create New Entity' },
              { value: 'schedule', label: 'Create Schedule Item' },
            ]}
          />
          {user?.is_global_admin ? (
            <Select
              label="Tenant"
              required
              searchable={(tenants.data?.length ?? 0) > 5}
              allowDeselect={false}
              // A definition stays in its tenant: the pick is for new ones.
              disabled={Boolean(definitionId)}
              data={(tenants.data ?? []).map((t) => ({ value: t.id, label: t.display_name || t.name }))}
              value={form.tenant_id || null}
              // Another tenant has other types: the type (and its prefills) is chosen again.
              onChange={(v) => setForm((f) => withType({ ...f, tenant_id: v ?? '' }, '', false))}
              error={error('tenant_id')}
            />
          ) : null}
          <Select
            label="Entity type"
            required
            searchable
            data={(sources.data ?? []).map((t) => ({ value: t.id, label: `${t.label} (${t.name})` }))}
            value={form.entity_type_id || null}
            onChange={(v) => {
              // An all-day type (all_day_entity) makes all-day events.
              const allDay = sources.data?.find((t) => t.id === v)?.object_data.all_day_entity === true;
              setForm((f) => withType(f, v ?? '', allDay));
            }}
            error={error('entity_type_id')}
          />
          <TextInput
            label="Title"
            required
            value={form.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={error('title')}
          />
          <Select
            label="Repeat"
            required
            allowDeselect={false}
            data={RECURRENCE_PRESETS.map((p) => ({ value: p, label: RECURRENCE_PRESET_LABELS[p] }))}
            value={form.event_key}
            onChange={(v) => set('event_key', (v ?? 'daily') as RecurrencePreset)}
            error={error('event_key')}
          />
          {PLATOON_PRESETS.includes(form.event_key) ? (
            <Select
              label="Platoon"
              allowDeselect={false}
              data={['A', 'B', 'C']}
              value={form.platoon}
              onChange={(v) => set('platoon', (v ?? 'A') as RecurringEventForm['platoon'])}
            />
          ) : null}
          {form.event_key === 'monthly' || (custom && form.custom_key === 'repeat_every_n_months' && form.week_of_month === 0) ? (
            <NumberInput
              label="Day of the month"
              min={1}
              max={31}
              value={form.day_of_month}
              onChange={(v) => set('day_of_month', Number(v) || 0)}
              error={error('on_day_of_period')}
            />
          ) : null}
          {custom ? (
            <Group grow align="flex-start">
              <NumberInput
                label="Every"
                required
                min={0}
                value={form.custom_key_n}
                onChange={(v) => set('custom_key_n', Number(v))}
                error={error('custom_key_n')}
              />
              <Select
                label="Interval"
                required
                allowDeselect={false}
                data={CUSTOM_KEYS.map((k) => ({ value: k, label: CUSTOM_LABELS[k] }))}
                value={form.custom_key}
                onChange={(v) => set('custom_key', (v ?? 'repeat_every_n_weeks') as CustomKey)}
                error={error('custom_key')}
              />
            </Group>
          ) : null}
          {custom && form.custom_key === 'repeat_every_n_months' ? (
            <Select
              label="Week of the month"
              allowDeselect={false}
              data={WEEK_OF_MONTH}
              value={String(form.week_of_month)}
              onChange={(v) => set('week_of_month', Number(v ?? 0))}
              error={error('on_week_of_period')}
            />
          ) : null}
          {byWeekday ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Days
              </Text>
              <Chip.Group multiple value={form.weekdays.map(String)} onChange={(v) => set('weekdays', v.map(Number))}>
                <Group gap={6}>
                  {WEEKDAY_LABELS.map((label, day) => (
                    <Chip key={label} value={String(day)} size="md">
                      {label}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {error('on_day_of_period') ? (
                <Text size="sm" c="red">
                  {error('on_day_of_period')}
                </Text>
              ) : null}
            </Stack>
          ) : null}
          <Group grow align="flex-start">
            <TextInput
              label="First day"
              type="date"
              required
              value={form.origin_day}
              onChange={(e) => set('origin_day', e.currentTarget.value)}
              error={error('origin_day')}
            />
            <TextInput
              label="Ends on"
              type="date"
              value={form.ends_on}
              onChange={(e) => set('ends_on', e.currentTarget.value)}
              error={error('ends_on')}
            />
          </Group>
          <Checkbox label="All day" checked={form.all_day} onChange={(e) => set('all_day', e.currentTarget.checked)} />
          {form.all_day ? null : (
            <Group grow align="flex-start">
              <TextInput
                label="Starts at"
                type="time"
                value={form.start_time}
                onChange={(e) => set('start_time', e.currentTarget.value)}
                error={error('start_time')}
              />
              <NumberInput
                label="Hours"
                min={0.25}
                max={168}
                step={0.25}
                value={form.duration_hours}
                onChange={(v) => set('duration_hours', Number(v) || 0)}
                error={error('duration_minutes')}
              />
            </Group>
          )}
          {user ? (
            <PrefillsEditor
              form={form}
              onChange={(next) => setForm(next)}
              type={sourceType.data?.id === form.entity_type_id ? sourceType.data : undefined}
              user={user}
              errors={errors}
            />
          ) : null}
          {error('time_zone') ? <Alert color="red">{error('time_zone')}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={onClose}>
              Cancel
            </Button>
            <Button mih={44} loading={save.isPending} onClick={() => void submit()}>
              Save
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
