import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ENTITY_TYPE_MESSAGES } from '@turnout/shared';
import { useDeferredValue, useRef } from 'react';
import { ApiError } from '../../api/index.ts';
import type { RecordMode } from './model/form-model.ts';
import { fetchRecord, fetchTypeByName, type RecordData, recordKey, recordTypeKey } from './record-api.ts';
import { RecordEditor } from './screen/RecordEditor.tsx';

export interface RecordScreenProps {
  /** The entity type's name (identifier). */
  typeName: string;
  /** The record's id; without it the screen adds a record. */
  id?: string;
  /** add, edit or view; by default a saved record opens in edit (view when finalised), a new one in add. */
  mode?: RecordMode;
  /** Inside another screen (the entity list's split view, a modal): no page padding, no leave guard, no navigation after adding. */
  embedded?: boolean;
  /** The add link's query: field.{property} prefills. */
  search?: URLSearchParams;
  /** The page to open (1-based). */
  page?: number;
  /** A path of this app to return to after a successful save and on Back (the link's `from`). */
  returnTo?: string;
  /** Quick-add: only fields flagged quickAddField. */
  quickAdd?: boolean;
  /** Called when a record is created here. */
  onCreated?(record: RecordData): void;
  /** The unsaved draft (offline_id) to continue: its values and the server's messages. */
  draftId?: string;
}

function Loading({ label }: { label: string }) {
  return (
    <Center p="xl">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}

/**
 * The record screen (spec 01 §2.7, 02 §2): loads the entity type by name and the record, then
 * the editor. 'Entity Type not found.' for an unknown type.
 */
export function RecordScreen(props: RecordScreenProps) {
  const { typeName, id } = props;
  const createdHere = useRef<string | null>(null);
  // An unsaved draft of a record continues on the server's version as it is now: the record the
  // device kept may predate the merge that made the draft (issue 22).
  const continuesDraft = Boolean(props.draftId && id);
  const mountedAt = useRef(Date.now());
  const typeQuery = useQuery({ queryKey: recordTypeKey(typeName), queryFn: ({ signal }) => fetchTypeByName(typeName, signal) });
  const recordQuery = useQuery({
    queryKey: recordKey(typeName, id ?? ''),
    queryFn: ({ signal }) => fetchRecord(typeName, id ?? '', signal),
    // Asked for beside its type, not after it: one round trip less before the form paints.
    enabled: Boolean(id),
    // The screen holds what it edits; a background refetch would pull values from under the person.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnMount: continuesDraft ? 'always' : true,
  });
  // Only the first load waits: offline the fetch pauses and the kept record is used.
  const refreshingForDraft = continuesDraft && recordQuery.fetchStatus === 'fetching' && recordQuery.dataUpdatedAt < mountedAt.current;
  // The form first renders as a transition once its type and record are in: TanStack Query's
  // answers arrive as blocking updates, and the whole form in one task held a slow phone's main
  // thread for several hundred milliseconds (issue 20, Total Blocking Time).
  const loaded = typeQuery.data !== undefined && (!id || recordQuery.data !== undefined);
  const formShown = useDeferredValue(loaded);

  if (typeQuery.isPending) return <Loading label="Loading entity type" />;
  if (typeQuery.isError)
    return (
      <Alert color="red" m="md" role="alert">
        {typeQuery.error.message}
      </Alert>
    );
  if (typeQuery.data === null)
    return (
      <Stack p="md">
        <Text>{ENTITY_TYPE_MESSAGES.notFound}</Text>
      </Stack>
    );
  const type = typeQuery.data;
  // The editor that created a record stays while the address moves to the record's uri.
  if (createdHere.current && id !== undefined && id !== createdHere.current) createdHere.current = null;
  const keepEditor = Boolean(id) && id === createdHere.current;
  if (id && !keepEditor) {
    if (recordQuery.isPending || refreshingForDraft) return <Loading label="Loading record" />;
    if (recordQuery.isError)
      return (
        <Alert color="red" m="md" role="alert">
          {recordQuery.error instanceof ApiError && recordQuery.error.statusCode === 404 ? 'Not found.' : recordQuery.error.message}
        </Alert>
      );
  }
  if (!formShown) return <Loading label={id ? 'Loading record' : 'Loading entity type'} />;
  return (
    <RecordEditor
      key={`${typeName}:${keepEditor ? 'new' : (id ?? 'new')}:${props.draftId ?? ''}`}
      type={type}
      record={id && !keepEditor ? (recordQuery.data ?? null) : null}
      mode={props.mode}
      embedded={props.embedded}
      search={props.search}
      initialPage={props.page}
      returnTo={props.returnTo}
      quickAdd={props.quickAdd}
      draftId={props.draftId}
      onCreated={(record) => {
        createdHere.current = record.id;
        props.onCreated?.(record);
      }}
    />
  );
}
