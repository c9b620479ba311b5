import type { RecordRef } from '@turnout/shared';
import { defineField } from './common/define.tsx';
import { EntitySelect, RefsDisplay, useAddModeFill } from './common/EntitySelect.tsx';
import { fetchPersonnelPage } from './common/entity-search.ts';
import type { FieldEditorProps } from './types.ts';

const fetchPersonnel = (search: string, page: number, signal?: AbortSignal) => fetchPersonnelPage(search, page, signal);

/**
 * select-personnel: the department's members found as you type (GET /personnel); params.multiple
 * for several. With params.lockedToCreator the creator is filled in on add and cannot be changed.
 */
function PersonnelEditor(props: FieldEditorProps<RecordRef | RecordRef[]>) {
  const multiple = props.field.params?.multiple === true;
  const locked = props.field.params?.lockedToCreator === true;
  const user = props.record.user;
  useAddModeFill(props, locked && !!user?.personnelId, () => {
    const me = { id: user?.personnelId ?? '', display_name: user?.name ?? '' };
    return multiple ? [me] : me;
  });
  return <EntitySelect {...props} source={['entity', 'personnel']} fetchPage={fetchPersonnel} multiple={multiple} locked={locked} />;
}

export const selectPersonnel = defineField<RecordRef | RecordRef[]>('select-personnel', PersonnelEditor, RefsDisplay);
