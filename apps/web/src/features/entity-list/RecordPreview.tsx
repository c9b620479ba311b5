import { Alert, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { canSeeField, type EntityType, type FieldDefinition, fieldTypeOf } from '@turnout/shared';
import { ApiError } from '../../api/index.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { fetchRecord, recordKey } from './entity-list-api.ts';
import { fieldText, placeTitle } from './RecordItems.tsx';

export interface RecordPreviewProps {
  typeName: string;
  id: string;
  /** The type, when the list already has it (for field titles and order). */
  type?: EntityType | undefined;
}

/**
 * A read-only look at one record: title, status and each visible field's plain text (the shared
 * registry's toText). It stands in for the record screen, which arrives from the records screen
 * work; see RecordDetail.tsx.
 */
export function RecordPreview({ typeName, id, type }: RecordPreviewProps) {
  const user = useCurrentUser();
  const record = useQuery({ queryKey: recordKey(typeName, id), queryFn: ({ signal }) => fetchRecord(typeName, id, signal) });
  if (record.isPending) return <Loader role="status" aria-label="Loading record" m="xl" />;
  if (record.isError) {
    const status = record.error instanceof ApiError ? record.error.statusCode : 0;
    return (
      <Alert color="red" title={status === 404 ? 'Record not found' : 'The record could not be loaded'}>
        {status === 403 ? 'You may not view this record.' : record.error.message}
      </Alert>
    );
  }
  const values = record.data as Record<string, unknown>;
  const viewer = { role: user.acting_role, isGlobalAdmin: user.is_global_admin };
  const fields = (type?.fields ?? [])
    .map((f) => f.field_data as FieldDefinition)
    .filter((f) => fieldTypeOf(f.type).holdsValue && canSeeField(f.permissions, viewer) && f.property in values)
    .sort((a, b) => (a.page ?? 1) - (b.page ?? 1) || (a.sort_order ?? 999) - (b.sort_order ?? 999));
  return (
    <Paper withBorder radius="md" p="lg" data-testid="record-preview">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text c="gray.7" fz="sm">
              {record.data.type.label}
            </Text>
            <Title order={2} fz={22}>
              {record.data.display_name}
            </Title>
          </Stack>
          <Badge variant="light">{placeTitle(record.data.place)}</Badge>
        </Group>
        <Stack gap="xs" component="dl" m={0}>
          {fields.map((field) => (
            <div key={field.property}>
              <Text component="dt" fz="xs" c="gray.7" fw={600}>
                {field.title}
              </Text>
              <Text component="dd" m={0} fz="sm">
                {fieldText(field, values[field.property]) || '—'}
              </Text>
            </div>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
