import { Checkbox, Group, MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { EFFECT_TYPES } from '@turnout/shared';
import { type ComponentType, useState } from 'react';
import { RoleMultiSelect } from '../common/RoleMultiSelect.tsx';
import { type Draft, type Effect, fieldChoices, fieldsOnPage, pageLabel } from '../model/draft.ts';
import { JsonParamInput } from './JsonParamInput.tsx';

export type EffectType = (typeof EFFECT_TYPES)[number];

export interface EffectEditorProps {
  effect: Effect;
  onChange: (effect: Effect) => void;
  draft: Draft;
  disabled: boolean;
}

/** The effect types of spec 03 §3 'Effect', with what kind of effect each is. */
export const EFFECT_LABELS: Record<EffectType, { label: string; kind: string }> = {
  'update-related-property': { label: 'Update related property', kind: 'executable' },
  email: { label: 'Email', kind: 'executable' },
  fax: { label: 'Fax', kind: 'executable' },
  'hide-fields': { label: 'Hide fields', kind: 'observable' },
  'show-fields': { label: 'Show fields', kind: 'observable' },
  'hide-pages': { label: 'Hide pages', kind: 'observable' },
  'show-pages': { label: 'Show pages', kind: 'observable' },
  setFilterClient: { label: 'Set filter (client)', kind: 'client-side' },
  setPropertyClient: { label: 'Set property (client)', kind: 'client-side' },
  setProperty: { label: 'Set property', kind: 'multiple-executable' },
  notifyService: { label: 'Notify service', kind: 'executable' },
};

const COMBOBOX = { withinPortal: true, zIndex: 500 } as const;
const text = (effect: Effect, key: string) => (typeof effect[key] === 'string' ? (effect[key] as string) : '');
const list = (effect: Effect, key: string) => (Array.isArray(effect[key]) ? (effect[key] as unknown[]).map(String) : []);

function UpdateRelatedProperty({ effect, onChange, draft, disabled }: EffectEditorProps) {
  const related = (effect.relatedEntity ?? {}) as { field?: string };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label="Related record field"
        data={fieldChoices(draft.fields)}
        value={related.field ?? null}
        onChange={(field) => onChange({ ...effect, relatedEntity: { ...related, field: field ?? undefined } })}
        disabled={disabled}
        searchable
        comboboxProps={COMBOBOX}
      />
      <TextInput
        label="Field to update"
        value={text(effect, 'fieldToUpdate')}
        disabled={disabled}
        onChange={(e) => onChange({ ...effect, fieldToUpdate: e.currentTarget.value })}
      />
      <TextInput
        label="Value when the condition is true"
        value={text(effect, 'whenConditionTrue')}
        disabled={disabled}
        onChange={(e) => onChange({ ...effect, whenConditionTrue: e.currentTarget.value })}
      />
      <TextInput
        label="Formula"
        value={text(effect, 'formula')}
        disabled={disabled}
        onChange={(e) => onChange({ ...effect, formula: e.currentTarget.value })}
      />
    </SimpleGrid>
  );
}

function Email({ effect, onChange, draft, disabled }: EffectEditorProps) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Subject"
          value={text(effect, 'subject')}
          disabled={disabled}
          onChange={(e) => onChange({ ...effect, subject: e.currentTarget.value })}
        />
        <TextInput
          label="To (addresses, comma separated)"
          value={text(effect, 'to')}
          disabled={disabled}
          onChange={(e) => onChange({ ...effect, to: e.currentTarget.value })}
        />
        <RoleMultiSelect
          label="To roles"
          value={list(effect, 'toRoles')}
          disabled={disabled}
          onChange={(roles) => onChange({ ...effect, toRoles: roles })}
        />
        <TextInput
          label="External recipients"
          value={text(effect, 'externalTo')}
          disabled={disabled}
          onChange={(e) => onChange({ ...effect, externalTo: e.currentTarget.value })}
        />
        <MultiSelect
          label="To the people or addresses in fields"
          data={fieldChoices(draft.fields)}
          value={list(effect, 'fieldListTo')}
          onChange={(fields) => onChange({ ...effect, fieldListTo: fields })}
          disabled={disabled}
          searchable
          comboboxProps={COMBOBOX}
        />
        <Select
          label="Attach report"
          data={draft.reports.map((r, i) => ({ value: r.offline_id ?? String(i), label: r.name || `Report ${i + 1}` }))}
          value={typeof effect.attachReport === 'string' ? effect.attachReport : null}
          onChange={(report) => onChange({ ...effect, attachReport: report ?? undefined })}
          clearable
          disabled={disabled}
          comboboxProps={COMBOBOX}
        />
      </SimpleGrid>
      <Textarea
        label="Body"
        autosize
        minRows={3}
        value={text(effect, 'body')}
        disabled={disabled}
        onChange={(e) => onChange({ ...effect, body: e.currentTarget.value })}
      />
    </Stack>
  );
}

function Fax({ effect, onChange, disabled }: EffectEditorProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label="Subject"
        value={text(effect, 'subject')}
        disabled={disabled}
        onChange={(e) => onChange({ ...effect, subject: e.currentTarget.value })}
      />
      <TextInput
        label="To (fax number)"
        value={text(effect, 'to')}
        disabled={disabled}
        onChange={(e) => onChange({ ...effect, to: e.currentTarget.value })}
      />
    </SimpleGrid>
  );
}

/** Hide or show fields: chosen page by page (spec 03 §5), kept as their properties. */
function FieldsByPage({ effect, onChange, draft, disabled }: EffectEditorProps) {
  const [page, setPage] = useState('1');
  const chosen = list(effect, 'fields');
  const toggle = (property: string, on: boolean) =>
    onChange({ ...effect, fields: on ? [...chosen, property] : chosen.filter((p) => p !== property) });
  const onPage = fieldsOnPage(draft.fields, Number(page));
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end">
        <Select
          label="Fields of page"
          data={Array.from({ length: draft.pages }, (_, i) => ({ value: String(i + 1), label: `${i + 1}. ${pageLabel(draft, i + 1)}` }))}
          value={page}
          onChange={(value) => value && setPage(value)}
          allowDeselect={false}
          w={240}
          comboboxProps={COMBOBOX}
        />
        <Text fz="sm" c="dimmed">
          {chosen.length} chosen
        </Text>
      </Group>
      {onPage.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No fields on this page.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
          {onPage.map((f) => (
            <Checkbox
              key={f.field_data.property}
              label={f.field_data.title || f.field_data.property}
              checked={chosen.includes(f.field_data.property)}
              disabled={disabled || !f.field_data.property}
              onChange={(e) => toggle(f.field_data.property, e.currentTarget.checked)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function Pages({ effect, onChange, draft, disabled }: EffectEditorProps) {
  const chosen = Array.isArray(effect.pages) ? (effect.pages as unknown[]).map(Number) : [];
  return (
    <MultiSelect
      label="Pages"
      data={Array.from({ length: draft.pages }, (_, i) => ({ value: String(i + 1), label: `${i + 1}. ${pageLabel(draft, i + 1)}` }))}
      value={chosen.map(String)}
      onChange={(pages) => onChange({ ...effect, pages: pages.map(Number).sort((a, b) => a - b) })}
      disabled={disabled}
      comboboxProps={COMBOBOX}
    />
  );
}

function SetProperty({ effect, onChange, draft, disabled }: EffectEditorProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label="Property"
        data={fieldChoices(draft.fields)}
        value={typeof effect.property === 'string' ? effect.property : null}
        onChange={(property) => onChange({ ...effect, property: property ?? undefined })}
        disabled={disabled}
        searchable
        comboboxProps={COMBOBOX}
      />
      <TextInput
        label="Expression"
        value={text(effect, 'expression')}
        disabled={disabled}
        onChange={(e) => onChange({ ...effect, expression: e.currentTarget.value })}
      />
    </SimpleGrid>
  );
}

function NotifyService({ effect, onChange, disabled }: EffectEditorProps) {
  return (
    <SegmentedControl
      aria-label="Service"
      data={[{ value: 'initiate-background-check', label: 'Initiate background check' }]}
      value={typeof effect.service === 'string' ? effect.service : 'initiate-background-check'}
      onChange={(service) => onChange({ ...effect, service })}
      disabled={disabled}
    />
  );
}

/** Client-side effects are not detailed beyond their type (spec 03 §3): their data is edited as JSON. */
function ClientSide({ effect, onChange, disabled }: EffectEditorProps) {
  const { offline_id, type, ...data } = effect;
  return (
    <JsonParamInput
      label="Data (JSON)"
      description={
        type === 'setPropertyClient' ? 'e.g. { "pairs": [{ "source": "…", "value": "…" }] }' : 'e.g. { "source": "…", "rules": {…} }'
      }
      value={Object.keys(data).length ? data : undefined}
      disabled={disabled}
      onChange={(next) => onChange({ offline_id, type, ...(next && typeof next === 'object' ? (next as Record<string, unknown>) : {}) })}
    />
  );
}

/** One editor per effect type. */
export const EFFECT_EDITORS: Record<EffectType, ComponentType<EffectEditorProps>> = {
  'update-related-property': UpdateRelatedProperty,
  email: Email,
  fax: Fax,
  'hide-fields': FieldsByPage,
  'show-fields': FieldsByPage,
  'hide-pages': Pages,
  'show-pages': Pages,
  setFilterClient: ClientSide,
  setPropertyClient: ClientSide,
  setProperty: SetProperty,
  notifyService: NotifyService,
};
