import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { TEXT_MAX_LENGTH } from '@turnout/shared';
import type { FieldEditorProps } from '../types.ts';
import { FieldShell, ReadOnlyText } from './FieldShell.tsx';
import { NO_SELECTION_LABEL, NO_SELECTION_VALUE, SELECT_PLACEHOLDER, searchable } from './options.ts';
import { valueText } from './text.ts';

export interface Part {
  key: string;
  label: string;
  /** A dropdown part (state). */
  choices?: { value: string; label: string }[];
  span?: number;
  autoComplete?: string;
}

type Parts = Record<string, string | undefined>;

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
            <Select
              key={part.key}
              label={part.label}
              data={[{ value: NO_SELECTION_VALUE, label: NO_SELECTION_LABEL }, ...part.choices]}
              value={value[part.key] ?? null}
              placeholder={SELECT_PLACEHOLDER}
              searchable={searchable(part.choices.length)}
              onChange={(v) => set(part.key, !v || v === NO_SELECTION_VALUE ? '' : v)}
              comboboxProps={{ withinPortal: true }}
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
