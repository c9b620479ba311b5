import type { RecordRef } from '../checks-basic.ts';
import type { FieldType } from '../types.ts';
import { singleRecordRef } from './select-personnel.ts';

/**
 * select-tenant: one tenant (department), stored as a reference { id, display_name? } like
 * select-personnel. Its filter kind is 'none': the tenant filter is always present on a list
 * and does not come from a field (spec 01 §'Filters').
 */
export const selectTenant: FieldType<RecordRef> = { ...singleRecordRef, key: 'select-tenant' };
