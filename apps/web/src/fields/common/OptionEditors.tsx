import { Button, Checkbox, Group, MultiSelect, Radio, Select, Stack, TextInput } from '@mantine/core';
import type { FieldDefinition } from '@turnout/shared';
import { useId, useState } from 'react';
import type { FieldDisplayProps, FieldEditorProps } from '../types.ts';
import { DisplayText } from './define.tsx';
import { FieldShell, ReadOnlyText, shellProps } from './FieldShell.tsx';
import { hierarchyData, hierarchyFilter } from './hierarchy.ts';
import {
  type Choice,
  NO_SELECTION_LABEL,
  NO_SELECTION_VALUE,
  optionChoices,
  pickedListText,
  pickedText,
  RADIO_ROW_MAX,
  READ_ONLY_NONE,
  searchable,
  storedKey,
} from './options.ts';
import { valueText } from './text.ts';
import { useDropdownPlaceholder } from './use-dropdown-placeholder.ts';

type Key = string | number;

/** A free entry not among the choices is shown as a choice of its own (ad-hoc variants). */
function withValue(choices: Choice[], value: Key | null | undefined): Choice[] {
  if (value === null || value === undefined || value === '') return choices;
  const key = String(value);
  return choices.some((c) => c.value === key) ? choices : [...choices, { value: key, label: key }];
}

interface ChoiceSelectProps extends Omit<FieldEditorProps<Key>, 'record' | 'mode'> {
  choices: Choice[];
  /** Ad-hoc: the typed text can be added as a new value. */
  creatable?: boolean;
  /** Turns a chosen key into the stored value. */
  toStored?: (key: string) => Key;
  /** The read-only text of a value none of the choices has (they may not be loaded in view mode). */
  readOnlyText: string;
  /** Keys are levels joined with '||': the searchable three-level picker (hierarchy.ts). */
  hierarchical?: boolean;
}

const emptyKey = (value: Key | null | undefined) => value === null || value === undefined || value === '';

/**
 * A dropdown (spec 02 §5): first row '(No Selection)', placeholder 'Select an item', search only
 * above 5 choices with the filter 'Start Typing' while open; read-only '(None)', or '(Unsaved)'
 * for a UUID no choice has. Creatable adds 'Add "{text}"' for a new value.
 */
export function ChoiceSelect({ choices, creatable, toStored = (k) => k, readOnlyText, hierarchical, ...props }: ChoiceSelectProps) {
  const all = creatable ? withValue(choices, props.value) : choices;
  const current = emptyKey(props.value) ? null : String(props.value);
  const currentLabel = current === null ? '' : (all.find((c) => c.value === current)?.label ?? '');
  const [search, setSearch] = useState(currentLabel);
  const withSearch = creatable || searchable(choices.length);
  const dropdown = useDropdownPlaceholder(withSearch);
  const shell = shellProps(props);
  if (!props.editable) {
    return (
      <FieldShell {...props} group={false}>
        <ReadOnlyText text={pickedText(props.value, choices, readOnlyText)} empty={READ_ONLY_NONE} />
      </FieldShell>
    );
  }
  const typed = search.trim();
  const canAdd = creatable && dropdown.open && typed !== '' && !all.some((c) => c.label.toLowerCase() === typed.toLowerCase());
  const data = [
    { value: NO_SELECTION_VALUE, label: NO_SELECTION_LABEL },
    ...(hierarchical ? hierarchyData(all) : all),
    ...(canAdd ? [{ value: `__add__${typed}`, label: `Add "${typed}"` }] : []),
  ];
  return (
    <Select
      {...shell}
      data={data}
      {...(hierarchical ? { filter: hierarchyFilter(all) } : {})}
      value={current}
      placeholder={dropdown.placeholder}
      searchable={withSearch}
      searchValue={withSearch ? search : undefined}
      onSearchChange={withSearch ? setSearch : undefined}
      onDropdownOpen={() => {
        dropdown.onDropdownOpen();
        // The search opens empty, as a filter, unless the person has started typing.
        if (withSearch) setSearch((s) => (s === currentLabel ? '' : s));
      }}
      onDropdownClose={() => {
        dropdown.onDropdownClose();
        if (withSearch) setSearch(currentLabel);
      }}
      nothingFoundMessage="No options"
      onChange={(next) => {
        if (next === null || next === NO_SELECTION_VALUE) props.onChange(null);
        else if (next.startsWith('__add__')) props.onChange(next.slice('__add__'.length));
        else props.onChange(toStored(next));
      }}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={400}
    />
  );
}

/** A dropdown over the field's own options (select-list, select-adhoc). */
export function OptionSelectEditor(props: FieldEditorProps<Key> & { creatable?: boolean }) {
  return (
    <ChoiceSelect
      {...props}
      choices={optionChoices(props.field)}
      toStored={(k) => storedKey(props.field, k)}
      readOnlyText={valueText(props.field, props.value, props.record)}
      hierarchical={props.field.params?.hierarchical === true}
    />
  );
}

export const AdhocSelectEditor = (props: FieldEditorProps<Key>) => <OptionSelectEditor {...props} creatable />;

/** A dropdown's value in lists and print: option labels, '(Unsaved)' for a UUID no option has. */
export function OptionPickDisplay({ field, value }: FieldDisplayProps<Key | Key[]>) {
  return <DisplayText text={pickedListText(value, optionChoices(field))} />;
}

interface ChoiceMultiProps extends Omit<FieldEditorProps<Key[]>, 'record' | 'mode'> {
  choices: Choice[];
  toStored?: (key: string) => Key;
  /** Keys are levels joined with '||': the searchable three-level picker (hierarchy.ts). */
  hierarchical?: boolean;
}

/** Several choices in a dropdown; search above 5 ('Start Typing' while open); at most validation.max_selections. */
export function ChoiceMultiSelect({ choices, toStored = (k) => k, hierarchical, ...props }: ChoiceMultiProps) {
  const withSearch = searchable(choices.length);
  const dropdown = useDropdownPlaceholder(withSearch);
  if (!props.editable) {
    return (
      <FieldShell {...props} group={false}>
        <ReadOnlyText text={pickedListText(props.value, choices)} empty={READ_ONLY_NONE} />
      </FieldShell>
    );
  }
  const max = Number(props.field.validation?.max_selections) || undefined;
  return (
    <MultiSelect
      {...shellProps(props)}
      data={hierarchical ? hierarchyData(choices) : choices}
      {...(hierarchical ? { filter: hierarchyFilter(choices) } : {})}
      value={(props.value ?? []).map(String)}
      placeholder={dropdown.placeholder}
      searchable={withSearch}
      onDropdownOpen={dropdown.onDropdownOpen}
      onDropdownClose={dropdown.onDropdownClose}
      maxValues={max}
      onChange={(keys) => props.onChange(keys.length ? keys.map(toStored) : null)}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={400}
    />
  );
}

export function OptionMultiSelectEditor(props: FieldEditorProps<Key[]>) {
  return (
    <ChoiceMultiSelect
      {...props}
      choices={optionChoices(props.field)}
      toStored={(k) => storedKey(props.field, k)}
      hierarchical={props.field.params?.hierarchical === true}
    />
  );
}

/** Radio buttons as a row up to 3 choices, a list otherwise (spec 02 §5). */
export function RadioChoices({
  choices,
  value,
  onChange,
  disabled,
  name,
}: {
  choices: Choice[];
  value: string | null;
  onChange: (key: string) => void;
  disabled?: boolean;
  name: string;
}) {
  const Layout = choices.length <= RADIO_ROW_MAX ? Group : Stack;
  return (
    <Radio.Group value={value} onChange={onChange} name={name}>
      <Layout gap="sm" mt={4} data-layout={choices.length <= RADIO_ROW_MAX ? 'row' : 'list'}>
        {choices.map((c) => (
          <Radio key={c.value} value={c.value} label={c.label} disabled={disabled} />
        ))}
      </Layout>
    </Radio.Group>
  );
}

/** radio-list and radio-adhoc (with an 'Other' entry that adds a new value). */
export function RadioListEditor(props: FieldEditorProps<Key> & { creatable?: boolean }) {
  const name = useId();
  const [other, setOther] = useState('');
  const choices = props.creatable ? withValue(optionChoices(props.field), props.value) : optionChoices(props.field);
  if (!props.editable) {
    return (
      <FieldShell {...props} group={false}>
        <ReadOnlyText text={valueText(props.field, props.value, props.record)} empty={READ_ONLY_NONE} />
      </FieldShell>
    );
  }
  const current = props.value === null || props.value === undefined ? null : String(props.value);
  return (
    <FieldShell {...props}>
      <RadioChoices name={name} choices={choices} value={current} onChange={(k) => props.onChange(storedKey(props.field, k))} />
      {props.creatable && (
        <Group gap="xs" mt="xs" align="end">
          <TextInput
            size="xs"
            aria-label={`Other ${props.field.title}`}
            placeholder="Other"
            value={other}
            onChange={(e) => setOther(e.currentTarget.value)}
          />
          <Button
            size="xs"
            variant="default"
            disabled={other.trim() === ''}
            onClick={() => {
              props.onChange(other.trim());
              setOther('');
            }}
          >
            Add
          </Button>
        </Group>
      )}
    </FieldShell>
  );
}

export const AdhocRadioEditor = (props: FieldEditorProps<Key>) => <RadioListEditor {...props} creatable />;

/** The selection bounds of a multi-select (validation min_selections / max_selections). */
export function selectionBounds(field: FieldDefinition): { min?: number; max?: number } {
  const n = (v: unknown) => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v));
  return { min: n(field.validation?.min_selections), max: n(field.validation?.max_selections) };
}

export function boundsHint({ min, max }: { min?: number; max?: number }): string | undefined {
  if (min !== undefined && max !== undefined) return `Choose ${min} to ${max}.`;
  if (min !== undefined) return `Choose at least ${min}.`;
  if (max !== undefined) return `Choose at most ${max}.`;
  return undefined;
}

/** Checkboxes (checkbox-multiselect and its ad-hoc variant): boxes beyond max_selections are disabled. */
export function CheckboxListEditor(props: FieldEditorProps<Key[]> & { creatable?: boolean }) {
  const [other, setOther] = useState('');
  const selected = (props.value ?? []).map(String);
  const choices = props.creatable
    ? [
        ...optionChoices(props.field),
        ...selected.filter((k) => !optionChoices(props.field).some((c) => c.value === k)).map((k) => ({ value: k, label: k })),
      ]
    : optionChoices(props.field);
  const bounds = selectionBounds(props.field);
  if (!props.editable) {
    return (
      <FieldShell {...props} group={false}>
        <ReadOnlyText text={valueText(props.field, props.value, props.record)} empty={READ_ONLY_NONE} />
      </FieldShell>
    );
  }
  const atMax = bounds.max !== undefined && selected.length >= bounds.max;
  const set = (keys: string[]) => props.onChange(keys.length ? keys.map((k) => storedKey(props.field, k)) : null);
  return (
    <FieldShell {...props} field={{ ...props.field, helpText: [props.field.helpText, boundsHint(bounds)].filter(Boolean).join(' ') }}>
      <Checkbox.Group value={selected} onChange={set}>
        <Stack gap={6} mt={4}>
          {choices.map((c) => (
            <Checkbox key={c.value} value={c.value} label={c.label} disabled={atMax && !selected.includes(c.value)} />
          ))}
        </Stack>
      </Checkbox.Group>
      {props.creatable && (
        <Group gap="xs" mt="xs" align="end">
          <TextInput
            size="xs"
            aria-label={`Other ${props.field.title}`}
            placeholder="Other"
            value={other}
            onChange={(e) => setOther(e.currentTarget.value)}
          />
          <Button
            size="xs"
            variant="default"
            disabled={other.trim() === '' || atMax}
            onClick={() => {
              if (!selected.includes(other.trim())) set([...selected, other.trim()]);
              setOther('');
            }}
          >
            Add
          </Button>
        </Group>
      )}
    </FieldShell>
  );
}
