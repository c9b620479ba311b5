import { JsonInput, Textarea, TextInput } from '@mantine/core';
import { LONG_TEXT_MAX_LENGTH, TEXT_MAX_LENGTH } from '@turnout/shared';
import { type ComponentProps, useState } from 'react';
import type { FieldEditorProps } from '../types.ts';
import { FieldShell, ReadOnlyText, shellProps } from './FieldShell.tsx';
import { valueText } from './text.ts';

export function ReadOnlyField(props: FieldEditorProps<unknown>) {
  return (
    <FieldShell {...props} group={false}>
      <ReadOnlyText text={valueText(props.field, props.value, props.record)} />
    </FieldShell>
  );
}

/** One line of text (single-text, email, phone, zip-code); the length limit is the shared check's, shown live by the form. */
export function LineEditor({ input, ...props }: FieldEditorProps<string> & { input?: Partial<ComponentProps<typeof TextInput>> }) {
  if (!props.editable) return <ReadOnlyField {...(props as FieldEditorProps<unknown>)} />;
  return (
    <TextInput
      {...shellProps(props)}
      value={typeof props.value === 'string' ? props.value : (props.value ?? '') === '' ? '' : String(props.value)}
      onChange={(e) => props.onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}
      {...input}
    />
  );
}

export const SingleTextEditor = (props: FieldEditorProps<string>) => <LineEditor {...props} input={{ maxLength: TEXT_MAX_LENGTH + 1 }} />;

/** Several lines, up to 65536 characters. */
export function TextareaEditor(props: FieldEditorProps<string>) {
  if (!props.editable) return <ReadOnlyField {...(props as FieldEditorProps<unknown>)} />;
  return (
    <Textarea
      {...shellProps(props)}
      autosize
      minRows={3}
      maxRows={12}
      value={props.value ?? ''}
      onChange={(e) => props.onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}
    />
  );
}

/** A JSON array typed as JSON text; the value changes once the text is a valid array. */
export function JsonArrayEditor(props: FieldEditorProps<unknown[]>) {
  const [text, setText] = useState(() => (props.value ? JSON.stringify(props.value, null, 2) : ''));
  const [problem, setProblem] = useState<string | null>(null);
  if (!props.editable) return <ReadOnlyField {...(props as FieldEditorProps<unknown>)} />;
  const shell = shellProps(props);
  return (
    <JsonInput
      {...shell}
      error={[problem, shell.error].filter(Boolean).join(', ') || undefined}
      autosize
      minRows={3}
      maxLength={LONG_TEXT_MAX_LENGTH}
      placeholder='["first", "second"]'
      value={text}
      onChange={(next) => {
        setText(next);
        if (next.trim() === '') {
          setProblem(null);
          props.onChange(null);
          return;
        }
        try {
          const parsed: unknown = JSON.parse(next);
          if (!Array.isArray(parsed)) throw new Error('not an array');
          setProblem(null);
          props.onChange(parsed);
        } catch {
          setProblem(`${props.field.title} must be a JSON array.`);
        }
      }}
    />
  );
}
