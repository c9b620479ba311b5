import { Text } from '@mantine/core';
import type { ComponentType } from 'react';
import type { FieldComponents, FieldDisplayProps, FieldEditorProps } from '../types.ts';
import { FieldShell } from './FieldShell.tsx';
import { valueText } from './text.ts';

/** Spec 02 §5 'mustSaveFirst'. */
export const mustSaveFirstText = (label: string, title: string) => `Please save the ${label} first before setting ${title}.`;

/** A display's text (nothing when empty). */
export function DisplayText({ text }: { text: string }) {
  return text ? (
    <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  ) : null;
}

/** The plain-text rendering of any value (the shared toText in the tenant's formats). */
export function TextDisplay({ field, value, record }: FieldDisplayProps) {
  return <DisplayText text={valueText(field, value, record)} />;
}

/**
 * A field type's components. Every editor here draws its own label, required marker and
 * errors, so `ownLabel` is set; a field with params.mustSaveFirst shows the spec's notice
 * instead of its editor until the record is saved.
 */
export function defineField<V>(
  key: string,
  Editor: ComponentType<FieldEditorProps<V>>,
  Display: ComponentType<FieldDisplayProps<V>> = TextDisplay as ComponentType<FieldDisplayProps<V>>,
): FieldComponents<V> {
  function FieldEditor(props: FieldEditorProps<V>) {
    if (props.field.params?.mustSaveFirst && props.mode === 'add') {
      return (
        <FieldShell {...props} editable={false}>
          <Text fz="sm" c="gray.7">
            {mustSaveFirstText(props.record.typeLabel, props.field.title)}
          </Text>
        </FieldShell>
      );
    }
    return <Editor {...props} />;
  }
  FieldEditor.displayName = `FieldEditor(${key})`;
  return { key, Editor: FieldEditor, Display, ownLabel: true };
}
