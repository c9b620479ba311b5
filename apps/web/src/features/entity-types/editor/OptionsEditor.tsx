import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { FieldOption } from '@turnout/shared';
import { useState } from 'react';
import { SortableList } from '../common/SortableList.tsx';
import { newOfflineId } from '../model/draft.ts';
import { optionKeyFromLabel } from '../model/identifier.ts';
import { moved } from '../model/sort-order.ts';

interface OptionsEditorProps {
  label: string;
  options: readonly FieldOption[];
  onChange: (options: FieldOption[]) => void;
  /** Columns beyond key, label and value: default value (selectors) or correct answer (quizzes). */
  columns: readonly ('defaultValue' | 'correctAnswer')[];
  disabled?: boolean;
}

const COLUMN_LABELS = { defaultValue: 'Default', correctAnswer: 'Correct' } as const;

/** The options of a choice field: key, label, value and flags per row, drag-sortable (sort follows the order). */
export function OptionsEditor({ label, options, onChange, columns, disabled = false }: OptionsEditorProps) {
  // Rows need stable ids to be dragged; options need not have one stored.
  const [ids, setIds] = useState<string[]>(() => options.map((o) => o.offline_id ?? newOfflineId()));
  const rows = options.map((option, index) => ({ option, id: ids[index] ?? `row-${index}` }));
  const renumbered = (list: FieldOption[]) => list.map((option, index) => ({ ...option, sort: index + 1 }));

  const set = (index: number, patch: Partial<FieldOption>) => onChange(options.map((o, i) => (i === index ? { ...o, ...patch } : o)));
  const setLabel = (index: number, text: string) => {
    const option = options[index] ?? {};
    // The key follows the label while it still matches the label's identifier (new options).
    const follows = !option.key || option.key === optionKeyFromLabel(option.label ?? '');
    set(index, { label: text, ...(follows ? { key: optionKeyFromLabel(text) } : {}) });
  };
  const add = () => {
    setIds([...ids, newOfflineId()]);
    onChange(renumbered([...options, { key: '', label: '' }]));
  };
  const remove = (index: number) => {
    setIds(ids.filter((_, i) => i !== index));
    onChange(renumbered(options.filter((_, i) => i !== index)));
  };
  const move = (from: number, to: number) => {
    setIds(moved(ids, from, to));
    onChange(renumbered(moved(options, from, to)));
  };

  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500}>
        {label}
      </Text>
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No options yet.
        </Text>
      ) : (
        <SortableList
          items={rows}
          idOf={(row) => row.id}
          handleLabel={(row) => `Drag to reorder option '${row.option.label || row.option.key || ''}'`}
          onMove={move}
          disabled={disabled}
          as={(children) => (
            <Paper withBorder radius="sm" component="ul" p={0} m={0} aria-label={label}>
              {children}
            </Paper>
          )}
          renderItem={({ option }, handle, index) => (
            <Group gap={6} wrap="nowrap" p={6} style={{ borderTop: index ? '1px solid var(--mantine-color-gray-2)' : undefined }}>
              <div style={{ width: 28 }}>{handle}</div>
              <TextInput
                size="xs"
                aria-label={`Option ${index + 1} label`}
                placeholder="Label"
                value={option.label ?? ''}
                disabled={disabled}
                onChange={(event) => setLabel(index, event.currentTarget.value)}
                style={{ flex: 2 }}
              />
              <TextInput
                size="xs"
                aria-label={`Option ${index + 1} key`}
                placeholder="Key"
                ff="monospace"
                value={option.key ?? ''}
                disabled={disabled}
                onChange={(event) => set(index, { key: event.currentTarget.value })}
                style={{ flex: 1 }}
              />
              <TextInput
                size="xs"
                aria-label={`Option ${index + 1} value`}
                placeholder="Value"
                value={option.value === undefined || option.value === null ? '' : String(option.value)}
                disabled={disabled}
                onChange={(event) => set(index, { value: event.currentTarget.value === '' ? undefined : event.currentTarget.value })}
                style={{ flex: 1 }}
              />
              {columns.map((column) => (
                <Checkbox
                  key={column}
                  size="xs"
                  label={COLUMN_LABELS[column]}
                  aria-label={`Option ${index + 1} ${COLUMN_LABELS[column].toLowerCase()}`}
                  checked={option[column] === true}
                  disabled={disabled}
                  onChange={(event) => set(index, { [column]: event.currentTarget.checked })}
                />
              ))}
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove option ${index + 1}`}
                disabled={disabled}
                onClick={() => remove(index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          )}
        />
      )}
      {!disabled && (
        <Group>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={add}>
            Add Option
          </Button>
        </Group>
      )}
    </Stack>
  );
}
