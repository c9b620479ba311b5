import { ActionIcon, Alert, Box, Group, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { CurrentUser, EntityType } from '@turnout/shared';
import { useMemo } from 'react';
import type { FieldErrors } from '../../api/index.ts';
import { type FieldRecordContext, fieldComponentsOf } from '../../fields/index.ts';
import {
  pickedPrefills,
  prefillChoices,
  prefillErrorKey,
  prefillFieldsOf,
  type RecurringEventForm,
  withoutPrefill,
  withPrefill,
} from './recurring-event-form.ts';

interface PrefillsEditorProps {
  form: RecurringEventForm;
  onChange(next: (form: RecurringEventForm) => RecurringEventForm): void;
  /** The source type in full (its fields); undefined while it loads or before one is chosen. */
  type: EntityType | undefined;
  user: CurrentUser;
  errors: FieldErrors;
}

/**
 * The definition's prefills (spec 02 §3 'Recurring event', prefills.prefillFields): fields of the
 * source type picked one by one and filled with the record form's own field editors; each record
 * made from an occurrence starts with these values.
 */
export function PrefillsEditor({ form, onChange, type, user, errors }: PrefillsEditorProps) {
  const role = user.acting_role;
  const isGlobalAdmin = user.is_global_admin;
  const fields = useMemo(() => prefillFieldsOf(type, { role, isGlobalAdmin }), [type, role, isGlobalAdmin]);
  const picked = pickedPrefills(form, type);
  const choices = prefillChoices(form, fields);
  const values = form.prefills.prefillFields;
  const record: FieldRecordContext = {
    typeName: type?.name ?? '',
    typeLabel: type?.label ?? '',
    values,
    setValue: (property, value) => onChange((f) => withPrefill(f, property, value)),
    dateFormat: user.tenant_record?.date_format ?? 'DATE_SHORT',
    timeFormat: user.tenant_record?.time_format ?? 'TIME_WITH_SECONDS',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    user: {
      id: user.id,
      personnelId: user.personnel_record?.id,
      name: user.personnel_record?.display_name ?? user.display_name,
      isGlobalAdmin: user.is_global_admin,
      role: user.acting_role ?? undefined,
    },
  };
  const messageOf = (property: string) => errors[prefillErrorKey(property)]?.join(', ') || undefined;
  if (!form.entity_type_id || !type) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Prefilled fields">
      <Text size="sm" fw={500}>
        Prefilled fields
      </Text>
      <Text size="xs" c="dimmed">
        Each record made from this event starts with these values.
      </Text>
      {picked.map(({ property, field }) => {
        const Editor = field ? fieldComponentsOf(field.type)?.Editor : undefined;
        const title = field?.title || property;
        return (
          <Group key={property} align="flex-start" wrap="nowrap" gap="xs" data-prefill={property}>
            <Box style={{ flex: 1, minWidth: 0 }}>
              {field && Editor ? (
                <Editor
                  field={field}
                  value={values[property] as never}
                  onChange={(v: unknown) => onChange((f) => withPrefill(f, property, v))}
                  error={messageOf(property)}
                  editable
                  required={false}
                  mode="add"
                  record={record}
                />
              ) : (
                <Alert color="red" title={title}>
                  {messageOf(property) ?? 'This field is no longer on the type.'}
                </Alert>
              )}
            </Box>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={44}
              mt={field ? 22 : 0}
              aria-label={`Remove ${title}`}
              onClick={() => onChange((f) => withoutPrefill(f, property))}
            >
              <IconX size={18} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      {choices.length > 0 ? (
        <Select
          label="Add a field"
          placeholder="Select a field"
          searchable={choices.length > 5}
          data={choices}
          value={null}
          onChange={(v) => {
            if (v) onChange((f) => withPrefill(f, v, null));
          }}
        />
      ) : picked.length === 0 ? (
        <Text size="sm" c="dimmed">
          This type has no fields you can prefill.
        </Text>
      ) : null}
      {errors.prefills ? (
        <Text size="sm" c="red">
          {errors.prefills.join(' ')}
        </Text>
      ) : null}
    </Stack>
  );
}
