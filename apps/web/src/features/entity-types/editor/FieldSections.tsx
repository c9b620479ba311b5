import { Checkbox, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { fieldTypeOf } from '@turnout/shared';
import { RoleMultiSelect } from '../common/RoleMultiSelect.tsx';
import type { FieldData } from '../model/draft.ts';
import { fieldTypeSelectData, VALIDATION_LABELS, type ValidationKey, validationKeysFor } from '../model/field-types.ts';

const COMBOBOX = { withinPortal: true, zIndex: 500 } as const;

interface SectionProps {
  data: FieldData;
  onChange: (data: FieldData) => void;
  disabled: boolean;
}

interface BasicsProps extends SectionProps {
  property: { value: string; locked: boolean; error?: string; onChange: (value: string) => void };
  onTitle: (title: string) => void;
  onType: (type: string) => void;
  pages: { value: string; label: string }[];
  globalAdmin: boolean;
}

/** Title, property (from the title for new fields), type (the 70, by family), help text and page. */
export function FieldBasics({ data, onChange, disabled, property, onTitle, onType, pages, globalAdmin }: BasicsProps) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Title"
          value={data.title ?? ''}
          disabled={disabled}
          onChange={(e) => onTitle(e.currentTarget.value)}
          data-autofocus
        />
        <TextInput
          label="Property"
          required
          description={property.locked ? 'Fixed once the field is saved.' : 'Derived from the title.'}
          ff="monospace"
          value={property.value}
          error={property.error}
          disabled={disabled || property.locked}
          onChange={(e) => property.onChange(e.currentTarget.value)}
        />
        <Select
          label="Type"
          data={fieldTypeSelectData(globalAdmin || data.type === 'query-logic')}
          value={data.type}
          onChange={(type) => type && onType(type)}
          searchable
          allowDeselect={false}
          disabled={disabled}
          maxDropdownHeight={360}
          comboboxProps={COMBOBOX}
        />
        <Select
          label="Page"
          data={pages}
          value={String(data.page ?? 1)}
          onChange={(page) => page && onChange({ ...data, page: Number(page) })}
          allowDeselect={false}
          disabled={disabled}
          comboboxProps={COMBOBOX}
        />
      </SimpleGrid>
      <Textarea
        label="Help text"
        autosize
        minRows={2}
        value={data.helpText ?? ''}
        disabled={disabled}
        onChange={(e) => onChange({ ...data, helpText: e.currentTarget.value })}
      />
    </Stack>
  );
}

const BOOLEAN_RULES = new Set<ValidationKey>(['required', 'on_create_only', 'integer']);

/** The validation settings the type uses (field-types.ts `validationKeysFor`). */
export function FieldValidation({ data, onChange, disabled }: SectionProps) {
  const keys = validationKeysFor(data.type, data.params);
  const validation = (data.validation ?? {}) as Record<string, unknown>;
  const set = (key: ValidationKey, value: unknown) => {
    const next = { ...validation };
    if (value === undefined || value === null || value === '' || value === false) delete next[key];
    else next[key] = value;
    onChange({ ...data, validation: next });
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {keys
          .filter((key) => BOOLEAN_RULES.has(key))
          .map((key) => (
            <Checkbox
              key={key}
              label={VALIDATION_LABELS[key]}
              checked={validation[key] === true}
              disabled={disabled}
              onChange={(e) => set(key, e.currentTarget.checked)}
            />
          ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {keys
          .filter((key) => !BOOLEAN_RULES.has(key))
          .map((key) => (
            <NumberInput
              key={key}
              label={VALIDATION_LABELS[key]}
              value={typeof validation[key] === 'number' || typeof validation[key] === 'string' ? (validation[key] as number | string) : ''}
              disabled={disabled}
              onChange={(value) => set(key, value === '' ? undefined : Number(value))}
            />
          ))}
      </SimpleGrid>
    </Stack>
  );
}

const FLAGS = [
  { key: 'tableView', label: 'Column in the record list' },
  { key: 'tableSortable', label: 'Sortable column' },
  { key: 'quickAddField', label: 'In quick add' },
  { key: 'hideFromReport', label: 'Hidden from reports' },
] as const;
const ADMIN_FLAGS = [
  { key: 'adminOrGlobalAdminOnly', label: 'Admins only' },
  { key: 'globalAdminOnly', label: 'Global admins only' },
] as const;

/** Who sees and changes the field (and approves it), and its flags. */
export function FieldAccess({ data, onChange, disabled, globalAdmin }: SectionProps & { globalAdmin: boolean }) {
  const permissions = data.permissions ?? {};
  const flags = (data.flags ?? {}) as Record<string, unknown>;
  const params = (data.params ?? {}) as Record<string, unknown>;
  const holdsValue = fieldTypeOf(data.type).holdsValue;
  const setFlag = (key: string, on: boolean) => {
    const next = { ...flags };
    if (on) next[key] = true;
    else delete next[key];
    onChange({ ...data, flags: next });
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <RoleMultiSelect
          label="Visible to"
          value={permissions.visible_to}
          disabled={disabled}
          onChange={(roles) => onChange({ ...data, permissions: { ...permissions, visible_to: roles } })}
        />
        <RoleMultiSelect
          label="Modifiable by"
          value={permissions.modifiable_by}
          disabled={disabled}
          onChange={(roles) => onChange({ ...data, permissions: { ...permissions, modifiable_by: roles } })}
        />
        {holdsValue && (
          <RoleMultiSelect
            label="Changes approved by"
            description="Changes by others wait for one of these roles to approve them."
            value={Array.isArray(params.approverRoles) ? params.approverRoles.map(String) : []}
            disabled={disabled}
            onChange={(roles) => onChange({ ...data, params: { ...params, approverRoles: roles } })}
          />
        )}
        {holdsValue && (
          <Checkbox
            mt="lg"
            label="Notify the approvers"
            checked={params.notifyApprover === true}
            disabled={disabled}
            onChange={(e) => onChange({ ...data, params: { ...params, notifyApprover: e.currentTarget.checked } })}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {[...FLAGS, ...(globalAdmin ? ADMIN_FLAGS : [])].map((flag) => (
          <Checkbox
            key={flag.key}
            label={flag.label}
            checked={flags[flag.key] === true}
            disabled={disabled}
            onChange={(e) => setFlag(flag.key, e.currentTarget.checked)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
