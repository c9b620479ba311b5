import { Code, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { fetchType, fetchTypesLite, liteKey, typeKey } from '../features/entity-types/entity-types-api.ts';
import { defineField } from './common/define.tsx';
import { FieldShell, NONE_ENTERED } from './common/FieldShell.tsx';
import type { FieldDisplayProps, FieldEditorProps } from './types.ts';

const QueryLogicBuilder = lazy(() => import('./common/QueryLogicBuilder.tsx'));

type Logic = Record<string, unknown>;

/** query-logic: a rule (JSON logic) over the fields of params.entityTypeTarget, or of the record's own type. */
function QueryLogicEditor(props: FieldEditorProps<Logic>) {
  const target = (props.field.params?.entityTypeTarget as string | undefined) || props.record.typeName;
  const types = useQuery({ queryKey: liteKey, queryFn: ({ signal }) => fetchTypesLite(signal), enabled: props.editable });
  const id = types.data?.find((t) => t.name === target)?.id;
  const type = useQuery({ queryKey: typeKey(id ?? ''), queryFn: ({ signal }) => fetchType(id ?? '', signal), enabled: !!id });
  const json = props.value && Object.keys(props.value).length ? JSON.stringify(props.value) : '';
  return (
    <FieldShell {...props}>
      {props.editable && !type.data ? (
        <Text fz="sm" c="gray.7">
          {types.isLoading || type.isLoading ? 'Loading fields…' : 'Ensure an entity type is selected first.'}
        </Text>
      ) : props.editable ? (
        <Suspense fallback={<Loader role="status" size="sm" aria-label="Loading rule builder" />}>
          <QueryLogicBuilder
            label={props.field.title}
            fields={type.data?.fields ?? []}
            logic={props.value}
            onChange={props.onChange}
            disabled={false}
          />
        </Suspense>
      ) : json ? (
        <Code block>{json}</Code>
      ) : (
        <span style={{ color: 'var(--mantine-color-gray-7)', fontSize: 'var(--mantine-font-size-sm)' }}>{NONE_ENTERED}</span>
      )}
    </FieldShell>
  );
}

const QueryLogicDisplay = ({ value }: FieldDisplayProps<Logic>) => (value ? <Code>{JSON.stringify(value)}</Code> : null);

export const queryLogic = defineField<Logic>('query-logic', QueryLogicEditor, QueryLogicDisplay);
