import { Group, Select, Text } from '@mantine/core';
import { IconLayoutList } from '@tabler/icons-react';
import { TYPE_ICONS } from '../features/entity-types/common/TypeIcon.tsx';
import { defineField } from './common/define.tsx';
import { FieldShell, shellProps } from './common/FieldShell.tsx';
import { NO_SELECTION_LABEL, NO_SELECTION_VALUE, READ_ONLY_NONE, searchable } from './common/options.ts';
import { useDropdownPlaceholder } from './common/use-dropdown-placeholder.ts';
import type { FieldDisplayProps, FieldEditorProps } from './types.ts';

const ICON_CHOICES = Object.keys(TYPE_ICONS).map((name) => ({ value: name, label: name }));

function IconName({ name }: { name: string }) {
  const Icon = TYPE_ICONS[name] ?? IconLayoutList;
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={18} />
      <Text fz="sm">{name}</Text>
    </Group>
  );
}

/** icon-picker: a Tabler icon name among the app's icon set (the entity type icons). */
function IconEditor(props: FieldEditorProps<string>) {
  const dropdown = useDropdownPlaceholder(searchable(ICON_CHOICES.length));
  if (!props.editable)
    return (
      <FieldShell {...props} group={false}>
        {props.value ? (
          <IconName name={props.value} />
        ) : (
          <Text fz="sm" c="gray.7">
            {READ_ONLY_NONE}
          </Text>
        )}
      </FieldShell>
    );
  const data = [{ value: NO_SELECTION_VALUE, label: NO_SELECTION_LABEL }, ...ICON_CHOICES];
  if (props.value && !TYPE_ICONS[props.value]) data.push({ value: props.value, label: props.value });
  const Current = props.value ? (TYPE_ICONS[props.value] ?? IconLayoutList) : null;
  return (
    <Select
      {...shellProps(props)}
      data={data}
      value={props.value ?? null}
      placeholder={dropdown.placeholder}
      searchable={searchable(ICON_CHOICES.length)}
      onDropdownOpen={dropdown.onDropdownOpen}
      onDropdownClose={dropdown.onDropdownClose}
      leftSection={Current ? <Current size={18} /> : undefined}
      renderOption={({ option }) => (option.value === NO_SELECTION_VALUE ? option.label : <IconName name={option.value} />)}
      onChange={(v) => props.onChange(!v || v === NO_SELECTION_VALUE ? null : v)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

const IconDisplay = ({ value }: FieldDisplayProps<string>) => (value ? <IconName name={value} /> : null);

export const iconPicker = defineField<string>('icon-picker', IconEditor, IconDisplay);
