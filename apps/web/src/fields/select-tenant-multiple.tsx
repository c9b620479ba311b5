import type { RecordRef } from '@turnout/shared';
import { defineField } from './common/define.tsx';
import { EntitySelect, RefsDisplay } from './common/EntitySelect.tsx';
import { fetchTenantPage } from './common/entity-search.ts';
import type { FieldEditorProps } from './types.ts';

/** select-tenant-multiple: several tenants from GET /tenant. */
function TenantsEditor(props: FieldEditorProps<RecordRef[]>) {
  return (
    <EntitySelect {...(props as FieldEditorProps<RecordRef | RecordRef[]>)} source={['tenant']} fetchPage={fetchTenantPage} multiple />
  );
}

export const selectTenantMultiple = defineField<RecordRef[]>('select-tenant-multiple', TenantsEditor, RefsDisplay);
