import { Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FieldDefinition, fieldText, fieldTypeOf } from '@turnout/shared';
import type { FieldEditorProps } from '../../../fields/index.ts';

/**
 * The form's own rendering of a field whose type has no registered editor yet: text in, the
 * shared text out. Objects that are not text are shown read-only as their text, never
 * overwritten by a string.
 */
const LONG_TEXT = new Set(['textarea', 'json-array', 'rich-text-area', 'description-rich-text']);

export function textOf(field: FieldDefinition, value: unknown): string {
  const text = fieldText(field, value);
  if (text !== '') return text;
  if (value === null || value === undefined || value === '') return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function FallbackEditor({ field, value, onChange, error, editable, required, inputId }: FieldEditorProps) {
  const isObject = value !== null && typeof value === 'object';
  // Read-only shows the value's text (Yes, a date, an address); editing shows what was typed.
  const shown = !editable || isObject ? textOf(field, value) : value === null || value === undefined ? '' : String(value);
  const common = {
    id: inputId,
    value: shown,
    placeholder: editable ? undefined : '(None entered)',
    error: error ? true : undefined,
    required,
    readOnly: !editable || isObject,
    'aria-invalid': error ? true : undefined,
  };
  const numeric = fieldTypeOf(field.type).family === 'number';
  const change = (text: string) => {
    if (text === '') return onChange(null);
    onChange(numeric && Number.isFinite(Number(text)) ? Number(text) : text);
  };
  if (LONG_TEXT.has(field.type))
    return <Textarea {...common} autosize minRows={3} maxRows={12} onChange={(e) => change(e.currentTarget.value)} />;
  return <TextInput {...common} onChange={(e) => change(e.currentTarget.value)} />;
}

/** Headings and text labels without a registered editor. */
export function FallbackDisplayField({ field }: { field: FieldDefinition }) {
  const params = field.params ?? {};
  if (field.type === 'heading')
    return (
      <Title order={3} size="h4" mt="sm">
        {typeof params.headingText === 'string' && params.headingText ? params.headingText : field.title}
      </Title>
    );
  const text = [params.labelText, params.descriptionText].find((t) => typeof t === 'string' && t !== '') as string | undefined;
  return (
    <Stack gap={2}>
      {field.title ? <Text fw={600}>{field.title}</Text> : null}
      {text ? <Text fz="sm">{text}</Text> : null}
    </Stack>
  );
}
