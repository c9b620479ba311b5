import type { RecordRef } from '@turnout/shared';
import { defineField } from './common/define.tsx';
import { EntitySelect, RefsDisplay } from './common/EntitySelect.tsx';
import { fetchTenantPage } from './common/entity-search.ts';
import type { FieldEditorProps } from './types.ts';

/** select-tenant: one tenant, loaded page by page from GET /tenant. */
function TenantEditor(props: FieldEditorProps<RecordRef>) {
  return (
    <EntitySelect
      {...(props as FieldEditorProps<RecordRef | RecordRef[]>)}
      source={['tenant']}
      fetchPage={fetchTenantPage}
      multiple={false}
    />
  );
}

export const selectTenant = defineField<RecordRef>('select-tenant', TenantEditor, RefsDisplay);
