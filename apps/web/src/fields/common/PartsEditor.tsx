import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { TEXT_MAX_LENGTH } from '@turnout/shared';
import type { FieldEditorProps } from '../types.ts';
import { FieldShell, ReadOnlyText } from './FieldShell.tsx';
import { type Choice, NO_SELECTION_LABEL, NO_SELECTION_VALUE, searchable } from './options.ts';
import { valueText } from './text.ts';
import { useDropdownPlaceholder } from './use-dropdown-placeholder.ts';

export interface Part {
  key: string;
  label: string;
  /** A dropdown part (state). */
  choices?: { value: string; label: string }[];
  span?: number;
  autoComplete?: string;
}

type Parts = Record<string, string | undefined>;

/** A dropdown part: '(No Selection)' first; picking it clears the part (''). */
function PartSelect(props: { label: string; choices: Choice[]; value: string | null; onChange(value: string): void }) {
  const withSearch = searchable(props.choices.length);
  const dropdown = useDropdownPlaceholder(withSearch);
  return (
    <Select
      label={props.label}
      data={[{ value: NO_SELECTION_VALUE, label: NO_SELECTION_LABEL }, ...props.choices]}
      value={props.value}
      placeholder={dropdown.placeholder}
      searchable={withSearch}
      onDropdownOpen={dropdown.onDropdownOpen}
      onDropdownClose={dropdown.onDropdownClose}
      onChange={(v) => props.onChange(!v || v === NO_SELECTION_VALUE ? '' : v)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * A value made of named text parts (person name, address), with display_name rebuilt from the
 * parts on every change.
 */
export function PartsEditor({
  parts,
  displayName,
  maxLength = () => TEXT_MAX_LENGTH,
  columns = 2,
  ...props
}: FieldEditorProps<Parts> & { parts: Part[]; displayName(p: Parts): string; maxLength?: (key: string) => number; columns?: number }) {
  if (!props.editable)
    return (
      <FieldShell {...props} group={false}>
        <ReadOnlyText text={valueText(props.field, props.value, props.record)} />
      </FieldShell>
    );
  const value = props.value ?? {};
  const set = (key: string, text: string) => {
    const next: Parts = { ...value, [key]: text === '' ? undefined : text };
    delete next.display_name;
    const kept = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== ''));
    props.onChange(Object.keys(kept).length ? { ...kept, display_name: displayName(kept) } : null);
  };
  return (
    <FieldShell {...props}>
      <SimpleGrid cols={{ base: 1, sm: columns }} spacing="xs" verticalSpacing="xs" mt={4}>
        {parts.map((part) =>
          part.choices ? (
            <PartSelect
              key={part.key}
              label={part.label}
              choices={part.choices}
              value={value[part.key] ?? null}
              onChange={(v) => set(part.key, v)}
            />
          ) : (
            <TextInput
              key={part.key}
              label={part.label}
              value={value[part.key] ?? ''}
              maxLength={maxLength(part.key)}
              autoComplete={part.autoComplete}
              onChange={(e) => set(part.key, e.currentTarget.value)}
              style={part.span ? { gridColumn: `span ${part.span}` } : undefined}
            />
          ),
        )}
      </SimpleGrid>
    </FieldShell>
  );
}
