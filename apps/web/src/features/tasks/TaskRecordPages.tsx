import { Text } from '@mantine/core';
import { ENTITY_TYPE_MESSAGES } from '@turnout/shared';
import { useParams, useSearchParams } from 'react-router';
import { safeReturnPath } from '../../app/return-path.ts';
import { RecordScreen } from '../record/RecordScreen.tsx';

/** Back and after saving: the link's `from` when it is a path of this app, else the tasks list. */
const returnOf = (search: URLSearchParams) => safeReturnPath(search.get('from')) ?? '/tasks';

/**
 * /tasks/edit?type={name}[&id={id}] (TaskEdit, spec 01 §2.3, §2.8): the record screen inside
 * the tasks stack, adding a task of the chosen type (no id) or editing one.
 */
export function TaskEditPage() {
  const [search] = useSearchParams();
  const typeName = search.get('type');
  const id = search.get('id') ?? undefined;
  if (!typeName)
    return (
      <Text p="md" role="alert">
        {ENTITY_TYPE_MESSAGES.notFound}
      </Text>
    );
  return (
    <RecordScreen
      key={`${typeName}:${id ?? 'new'}`}
      typeName={typeName}
      id={id}
      mode={id ? 'edit' : 'add'}
      search={search}
      returnTo={returnOf(search)}
    />
  );
}

/** /tasks/{type}/{id} (TaskView): a task record opened from the tasks list, in view mode. */
export function TaskViewPage() {
  const { type = '', id = '' } = useParams();
  const [search] = useSearchParams();
  return <RecordScreen key={`${type}:${id}`} typeName={type} id={id} mode="view" returnTo={returnOf(search)} />;
}
