import { TEXT_MAX_LENGTH } from '@turnout/shared';
import { addressDisplayName } from '@turnout/shared/fields/types/full-address';
import { defineField } from './common/define.tsx';
import { PartsEditor } from './common/PartsEditor.tsx';
import { ADDRESS_FIELDS } from './full-address.tsx';
import type { FieldEditorProps } from './types.ts';

type Address = Record<string, string | undefined>;

/** params.nfirs_max_length: one number for every part, or per part name. */
export function nfirsMaxLength(limits: unknown, part: string): number {
  const n =
    typeof limits === 'number' ? limits : limits && typeof limits === 'object' ? (limits as Record<string, unknown>)[part] : undefined;
  return typeof n === 'number' && n > 0 ? n : TEXT_MAX_LENGTH;
}

function NfirsAddressEditor(props: FieldEditorProps<Address>) {
  const limits = props.field.params?.nfirs_max_length;
  return (
    <PartsEditor
      {...props}
      parts={ADDRESS_FIELDS}
      displayName={addressDisplayName}
      columns={3}
      maxLength={(part) => nfirsMaxLength(limits, part)}
    />
  );
}

/** full-address-nfirs: the address with NFIRS part limits. */
export const fullAddressNfirs = defineField<Address>('full-address-nfirs', NfirsAddressEditor);
