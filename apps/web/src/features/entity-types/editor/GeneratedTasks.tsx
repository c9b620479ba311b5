import { ActionIcon, Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { RuleBuilder } from '../common/RuleBuilder.tsx';
import { useTypeChoices } from '../common/use-type-choices.ts';
import { type Draft, fieldChoices, type GeneratedTask, newOfflineId } from '../model/draft.ts';
import { toQuery } from '../model/rules.ts';
import { removeAt, replaceAt } from './tab-props.ts';

interface GeneratedTasksProps {
  transition: string;
  tasks: GeneratedTask[];
  draft: Draft;
  onChange: (tasks: GeneratedTask[]) => void;
  disabled: boolean;
}

type Mapping = { source?: string; destination?: string; value?: unknown };
const COMBOBOX = { withinPortal: true } as const;

/** The tasks a transition creates (spec 03 §3 'Transition allowance'): type, assignee, mapped fields, conditions. */
export function GeneratedTasks({ transition, tasks, draft, onChange, disabled }: GeneratedTasksProps) {
  // Only task types: the server makes records of a task type only.
  const types = useTypeChoices(null, (type) => type.is_task);
  const assignees = [
    { value: 'creator_id', label: 'The record creator' },
    ...draft.fields
      .filter((f) => f.field_data.type === 'select-personnel')
      .map((f) => ({ value: f.field_data.property, label: f.field_data.title || f.field_data.property })),
  ];
  const sources = fieldChoices(draft.fields);
  return (
    <Stack gap="xs">
      {tasks.map((task, index) => {
        const set = (patch: Partial<GeneratedTask>) => onChange(replaceAt(tasks, index, { ...task, ...patch }));
        const mappings = (task.mapped_fields ?? []) as Mapping[];
        const conditions = (task.conditions ?? {}) as { ruleset?: unknown; ruleset_json?: unknown };
        return (
          <Paper
            key={task.offline_id ?? index}
            withBorder
            radius="sm"
            p="sm"
            component="section"
            aria-label={`Task ${index + 1} of ${transition}`}
          >
            <Stack gap="xs">
              <Group align="flex-end" gap="sm" wrap="wrap">
                <Select
                  label="Creates a record of"
                  placeholder={types.length ? 'Choose a task type' : 'No task types yet'}
                  data={types.map((t) => ({ value: t.id || t.value, label: t.label }))}
                  value={task.entity_type_id ?? null}
                  onChange={(id) => set({ entity_type_id: id ?? undefined })}
                  searchable
                  disabled={disabled}
                  style={{ flex: 1, minWidth: 220 }}
                  comboboxProps={COMBOBOX}
                />
                <Select
                  label="Assigned to"
                  data={assignees}
                  value={task.assignee_id_property ?? null}
                  onChange={(property) => set({ assignee_id_property: property ?? undefined })}
                  clearable
                  disabled={disabled}
                  w={220}
                  comboboxProps={COMBOBOX}
                />
                {!disabled && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove task ${index + 1}`}
                    onClick={() => onChange(removeAt(tasks, index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
              <Text fz="xs" fw={500}>
                Mapped fields
              </Text>
              {mappings.map((mapping, i) => {
                // {source, destination} copies one of this record's values; {value, destination} sets a fixed one.
                const byValue = mapping.value !== undefined && mapping.source === undefined;
                const setMapping = (next: Mapping) => set({ mapped_fields: replaceAt(mappings, i, next) });
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: mappings have no id; rows are only added at the end or removed.
                  <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
                    <SegmentedControl
                      size="xs"
                      aria-label={`Mapping ${i + 1}`}
                      data={[
                        { value: 'copy', label: 'Copy a field' },
                        { value: 'value', label: 'Set a value' },
                      ]}
                      value={byValue ? 'value' : 'copy'}
                      disabled={disabled}
                      onChange={(mode) =>
                        setMapping(
                          mode === 'value'
                            ? { destination: mapping.destination, value: '' }
                            : { source: '', destination: mapping.destination },
                        )
                      }
                    />
                    {byValue ? (
                      <TextInput
                        size="xs"
                        label="Value"
                        value={String(mapping.value ?? '')}
                        disabled={disabled}
                        onChange={(e) => setMapping({ ...mapping, value: e.currentTarget.value })}
                        style={{ flex: 1 }}
                      />
                    ) : (
                      <Select
                        size="xs"
                        label="Source field"
                        data={sources}
                        value={mapping.source || null}
                        onChange={(source) => setMapping({ ...mapping, source: source ?? '' })}
                        disabled={disabled}
                        searchable
                        comboboxProps={COMBOBOX}
                        style={{ flex: 1 }}
                      />
                    )}
                    <TextInput
                      size="xs"
                      label="Task's property"
                      value={mapping.destination ?? ''}
                      disabled={disabled}
                      onChange={(e) => setMapping({ ...mapping, destination: e.currentTarget.value })}
                      style={{ flex: 1 }}
                    />
                    {!disabled && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove mapping ${i + 1}`}
                        onClick={() => set({ mapped_fields: removeAt(mappings, i) })}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    )}
                  </Group>
                );
              })}
              {!disabled && (
                <Group>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    leftSection={<IconPlus size={12} />}
                    onClick={() => set({ mapped_fields: [...mappings, { source: '', destination: '' }] })}
                  >
                    Map a field
                  </Button>
                </Group>
              )}
              <Text fz="xs" fw={500}>
                Only when
              </Text>
              <RuleBuilder
                label={`Conditions of task ${index + 1}`}
                fields={draft.fields}
                query={toQuery(conditions.ruleset, conditions.ruleset_json)}
                disabled={disabled}
                onChange={(ruleset, logic) => set({ conditions: { ruleset, ruleset_json: logic } })}
              />
            </Stack>
          </Paper>
        );
      })}
      {!disabled && (
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...tasks, { offline_id: newOfflineId(), mapped_fields: [] }])}
          >
            Add Generated Task
          </Button>
        </Group>
      )}
    </Stack>
  );
}
