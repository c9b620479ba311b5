import { ColorInput, ColorSwatch, Group, Text } from '@mantine/core';
import { defineField } from './common/define.tsx';
import { shellProps } from './common/FieldShell.tsx';
import { ReadOnlyField } from './common/TextEditors.tsx';
import type { FieldDisplayProps, FieldEditorProps } from './types.ts';

function ColorEditor(props: FieldEditorProps<string>) {
  if (!props.editable) return <ReadOnlyField {...(props as FieldEditorProps<unknown>)} />;
  return (
    <ColorInput
      {...shellProps(props)}
      format="hex"
      withEyeDropper={false}
      value={props.value ?? ''}
      onChange={(v) => props.onChange(v === '' ? null : v.toLowerCase())}
      placeholder="#rrggbb"
      popoverProps={{ withinPortal: true }}
    />
  );
}

const ColorDisplay = ({ value }: FieldDisplayProps<string>) =>
  value ? (
    <Group gap={6}>
      <ColorSwatch color={value} size={16} />
      <Text fz="sm">{value}</Text>
    </Group>
  ) : null;

/** color-picker: a '#rrggbb' colour. */
export const colorPicker = defineField<string>('color-picker', ColorEditor, ColorDisplay);
