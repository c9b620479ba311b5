import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/index.ts';
import type { FieldEditorProps } from '../types.ts';
import { FieldShell } from './FieldShell.tsx';

/** Spec 02 §5: an associated-records field in add mode. */
export const saveBeforeViewingText = (label: string, title: string) => `Please save the ${label} before viewing associated ${title}.`;

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** The records of params.entityTypeTarget whose params.targetEntityField points at this record. */
export function associatedQuery(field: FieldEditorProps['field'], record: FieldEditorProps['record']) {
  const type = text(field.params?.entityTypeTarget) ?? text(field.params?.widgetSource);
  const by = text(field.params?.targetEntityField) ?? record.typeName;
  return { type, by };
}

/** The 'View associated records' link: /entity-list/?type=…&sourceName=…&filter={"property":"id"} (spec 02 §2 'Other'). */
export function associatedHref(type: string, sourceName: string, property: string, entityId: string): string {
  const filter = JSON.stringify({ [property]: entityId });
  return `/entity-list/?type=${encodeURIComponent(type)}&sourceName=${encodeURIComponent(sourceName)}&filter=${encodeURIComponent(filter)}`;
}

/** view-list, view-list-inline and widget-entity share this: a notice in add mode, the link (and, inline, the records) once saved. */
export function AssociatedRecords({ inline, ...props }: FieldEditorProps<never> & { inline: boolean }) {
  const { type, by } = associatedQuery(props.field, props.record);
  const saved = !!props.record.entityId;
  const records = useQuery({
    queryKey: ['associated-records', type, by, props.record.entityId],
    queryFn: ({ signal }) =>
      api.get<{ data: { id: string; display_name: string }[]; meta: { total?: number } }>(`/entity/${encodeURIComponent(type!)}`, {
        query: { [`filter[custom][${by}]`]: props.record.entityId, per_page: 24 },
        signal,
      }),
    enabled: inline && saved && !!type,
  });
  return (
    <FieldShell {...props} editable={false}>
      {!saved ? (
        <Text fz="sm" c="gray.7">
          {saveBeforeViewingText(props.record.typeLabel, props.field.title)}
        </Text>
      ) : !type ? (
        <Text fz="sm" c="gray.7">
          Ensure an entity type is selected first.
        </Text>
      ) : (
        <Stack gap={4} mt={4}>
          {inline && records.isLoading && <Loader role="status" size="sm" aria-label="Loading associated records" />}
          {inline && records.isError && (
            <Text fz="sm" c="red">
              {(records.error as Error).message}
            </Text>
          )}
          {inline && records.data && records.data.data.length === 0 && (
            <Text fz="sm" c="gray.7">
              No '{props.field.title}' found
            </Text>
          )}
          {inline &&
            records.data?.data.map((r) =>
              props.field.params?.navigateOnClick === false ? (
                <Text key={r.id} fz="sm">
                  {r.display_name}
                </Text>
              ) : (
                <Anchor key={r.id} component={Link} to={`/entity/${encodeURIComponent(type)}/${r.id}`} fz="sm">
                  {r.display_name}
                </Anchor>
              ),
            )}
          <Anchor component={Link} to={associatedHref(type, props.record.typeName, by, props.record.entityId!)} fz="sm" fw={500}>
            View associated records
          </Anchor>
        </Stack>
      )}
    </FieldShell>
  );
}
