/** The record screen's route components, loaded when a record is first opened. */
import { Text } from '@mantine/core';
import { ENTITY_TYPE_MESSAGES } from '@turnout/shared';
import { useParams, useSearchParams } from 'react-router';
import { safeReturnPath } from '../../app/return-path.ts';
import type { RecordMode } from './model/form-model.ts';
import { RecordScreen } from './RecordScreen.tsx';

const MODES = new Set<RecordMode>(['add', 'edit', 'view']);
const modeOf = (value: string | null): RecordMode | undefined =>
  value && MODES.has(value as RecordMode) ? (value as RecordMode) : undefined;
const pageOf = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
};

function NotFoundType() {
  return (
    <Text p="md" role="alert">
      {ENTITY_TYPE_MESSAGES.notFound}
    </Text>
  );
}

/** Where to go after saving, or on Back: a `from` path of this app (others are ignored). */
const returnOf = (search: URLSearchParams) => safeReturnPath(search.get('from')) ?? undefined;

/** /entity/add?type={name}&field.{property}=…&from=…&mode=add&page=1 */
export function AddRecordRoute() {
  const [search] = useSearchParams();
  const typeName = search.get('type');
  if (!typeName) return <NotFoundType />;
  return (
    <RecordScreen
      key={typeName}
      typeName={typeName}
      mode="add"
      search={search}
      page={pageOf(search.get('page'))}
      returnTo={returnOf(search)}
      quickAdd={search.get('quick') === 'true' || search.get('is_quick_mode') === 'true'}
      draftId={search.get('draft') ?? undefined}
    />
  );
}

/** /entity/{type}/{id}?mode=…&from=…&page=… */
export function ShowRecordRoute() {
  const { typeName = '', id = '' } = useParams();
  const [search] = useSearchParams();
  return (
    <RecordScreen
      typeName={typeName}
      id={id}
      mode={modeOf(search.get('mode'))}
      page={pageOf(search.get('page'))}
      returnTo={returnOf(search)}
      draftId={search.get('draft') ?? undefined}
    />
  );
}

/** /entity/edit/{id}?type={name}&from=…&page=…: the record in edit mode (the type comes with the link). */
export function EditRecordRoute() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const typeName = search.get('type');
  if (!typeName) return <NotFoundType />;
  return <RecordScreen typeName={typeName} id={id} mode="edit" page={pageOf(search.get('page'))} returnTo={returnOf(search)} />;
}
