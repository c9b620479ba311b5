import { Checkbox, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { EntityTypeField, FieldOption } from '@turnout/shared';
import type { ReactNode } from 'react';
import { RoleMultiSelect } from '../common/RoleMultiSelect.tsx';
import { RuleBuilder } from '../common/RuleBuilder.tsx';
import { useTypeChoices } from '../common/use-type-choices.ts';
import { fieldKey } from '../model/draft.ts';
import type { ParamDescriptor } from '../model/param-descriptors.ts';
import { toQuery } from '../model/rules.ts';
import { JsonParamInput } from './JsonParamInput.tsx';
import { OptionsEditor } from './OptionsEditor.tsx';

interface ParamsFormProps {
  descriptors: readonly ParamDescriptor[];
  params: Record<string, unknown>;
  onChange: (params: Record<string, unknown>) => void;
  /** The type's other fields, for field lists and rules. */
  fields: readonly EntityTypeField[];
  disabled?: boolean;
}

const COMBOBOX = { withinPortal: true, zIndex: 500 } as const;

function EntityTypeParam({
  descriptor,
  value,
  onChange,
  disabled,
}: {
  descriptor: ParamDescriptor;
  value: unknown;
  onChange: (v: unknown) => void;
  disabled?: boolean;
}) {
  const current = typeof value === 'string' && value !== '' ? value : null;
  const choices = useTypeChoices(current);
  return (
    <Select
      label={descriptor.label}
      description={descriptor.description}
      data={choices.map(({ value: v, label }) => ({ value: v, label }))}
      value={current}
      onChange={(next) => onChange(next ?? undefined)}
      searchable
      clearable
      disabled={disabled}
      comboboxProps={COMBOBOX}
    />
  );
}

/** The params of a field type, rendered from its descriptors (STYLE.md: settings described as data). */
export function ParamsForm({ descriptors, params, onChange, fields, disabled }: ParamsFormProps) {
  const set = (key: string, value: unknown) => {
    const next = { ...params };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onChange(next);
  };
  const control = (d: ParamDescriptor): ReactNode => {
    const value = params[d.key];
    switch (d.kind) {
      case 'text':
        return d.multiline ? (
          <Textarea
            label={d.label}
            description={d.description}
            autosize
            minRows={2}
            value={typeof value === 'string' ? value : ''}
            disabled={disabled}
            onChange={(e) => set(d.key, e.currentTarget.value)}
          />
        ) : (
          <TextInput
            label={d.label}
            description={d.description}
            value={typeof value === 'string' ? value : ''}
            disabled={disabled}
            onChange={(e) => set(d.key, e.currentTarget.value)}
          />
        );
      case 'number':
        return (
          <NumberInput
            label={d.label}
            description={d.description}
            value={typeof value === 'number' ? value : typeof value === 'string' ? value : ''}
            disabled={disabled}
            onChange={(next) => set(d.key, next === '' ? null : Number(next))}
          />
        );
      case 'boolean':
        return (
          <Checkbox
            label={d.label}
            description={d.description}
            checked={value === true}
            disabled={disabled}
            onChange={(e) => set(d.key, e.currentTarget.checked)}
            mt="xs"
          />
        );
      case 'select':
        return (
          <Select
            label={d.label}
            description={d.description}
            data={d.choices ? [...d.choices] : []}
            value={value === undefined || value === null ? null : String(value)}
            onChange={(next) => set(d.key, next ?? undefined)}
            clearable
            disabled={disabled}
            comboboxProps={COMBOBOX}
          />
        );
      case 'options':
        return (
          <OptionsEditor
            label={d.label}
            options={Array.isArray(value) ? (value as FieldOption[]) : []}
            columns={d.optionColumns ?? []}
            disabled={disabled}
            onChange={(options) => set(d.key, options)}
          />
        );
      case 'json':
        return (
          <JsonParamInput
            label={d.label}
            description={d.description}
            value={value}
            disabled={disabled}
            onChange={(next) => set(d.key, next)}
          />
        );
      case 'entity-type':
        return <EntityTypeParam descriptor={d} value={value} disabled={disabled} onChange={(next) => set(d.key, next)} />;
      case 'roles':
        return (
          <RoleMultiSelect
            label={d.label}
            description={d.description}
            value={Array.isArray(value) ? value.map(String) : []}
            disabled={disabled}
            onChange={(roles) => set(d.key, roles)}
          />
        );
      case 'fields':
        return (
          <MultiSelect
            label={d.label}
            description={d.description}
            data={fields.map((f) => ({ value: fieldKey(f), label: f.field_data.title || f.field_data.property }))}
            value={Array.isArray(value) ? value.map(String) : []}
            onChange={(keys) => set(d.key, keys)}
            searchable
            disabled={disabled}
            comboboxProps={COMBOBOX}
          />
        );
      case 'rule': {
        const stored = (value ?? {}) as { ruleset?: unknown; json?: { logic?: unknown } };
        return (
          <Stack gap={4}>
            <Text fz="sm" fw={500}>
              {d.label}
            </Text>
            <RuleBuilder
              label={d.label}
              fields={fields}
              query={toQuery(stored.ruleset, stored.json?.logic)}
              disabled={disabled}
              onChange={(ruleset, logic) => set(d.key, ruleset.rules.length === 0 ? undefined : { ruleset, json: { logic } })}
            />
          </Stack>
        );
      }
    }
  };
  if (descriptors.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        This type has no settings of its own.
      </Text>
    );
  }
  const wide = (d: ParamDescriptor) => d.kind === 'options' || d.kind === 'rule' || d.kind === 'json' || d.multiline === true;
  return (
    <Stack gap="sm">
      {descriptors.filter(wide).map((d) => (
        <div key={d.key}>{control(d)}</div>
      ))}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {descriptors
          .filter((d) => !wide(d))
          .map((d) => (
            <div key={d.key}>{control(d)}</div>
          ))}
      </SimpleGrid>
    </Stack>
  );
}
