import { Input, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import type { FieldEditorProps } from '../types.ts';

/**
 * What every editor passes to its Mantine input: the field's title as label, its help text,
 * the required marker only when the field is both editable and required (spec 02 §5), and
 * the messages under it.
 */
export function shellProps(props: Pick<FieldEditorProps, 'field' | 'required' | 'editable' | 'error'>) {
  return {
    label: props.field.title,
    description: props.field.helpText || undefined,
    withAsterisk: props.required && props.editable,
    error: props.error || undefined,
    // Help text dark enough to read (WCAG AA contrast on white).
    descriptionProps: { c: 'gray.7' },
  };
}

interface FieldShellProps extends Pick<FieldEditorProps, 'field' | 'required' | 'editable' | 'error'> {
  children: ReactNode;
  /** The id of the control the label names (a single input); groups get a legend-like label instead. */
  labelFor?: string;
  /** Renders the shell as a group (a fieldset labelled by the title) around several controls. */
  group?: boolean;
  /** The label's id, when a control inside points at it (aria-labelledby); unique by default. */
  labelId?: string;
}

/** Label, required marker, help text and error around an editor made of several controls. */
export function FieldShell({ children, labelFor, group = true, labelId: givenLabelId, ...props }: FieldShellProps) {
  const p = shellProps(props);
  const ownId = useId();
  const labelId = givenLabelId ?? `${ownId}-label`;
  return (
    <Input.Wrapper
      label={p.label}
      description={p.description}
      descriptionProps={p.descriptionProps}
      withAsterisk={p.withAsterisk}
      error={p.error}
      labelElement={labelFor ? 'label' : 'div'}
      id={labelFor}
      labelProps={{ id: labelId }}
    >
      {group ? (
        <fieldset aria-labelledby={labelId} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          {children}
        </fieldset>
      ) : (
        <div>{children}</div>
      )}
    </Input.Wrapper>
  );
}

export const NONE_ENTERED = '(None entered)';

/** A read-only value under the field's label: the text, or '(None entered)' (spec 02 §8 empty states). */
export function ReadOnlyText({ text, empty = NONE_ENTERED }: { text: string; empty?: string }) {
  return text ? (
    <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  ) : (
    <Text fz="sm" c="gray.7">
      {empty}
    </Text>
  );
}
