import { Text } from '@mantine/core';
import { formatResult } from '@turnout/shared';
import type { FieldDisplayProps, FieldEditorProps } from '../types.ts';
import { FieldShell, NONE_ENTERED } from './FieldShell.tsx';
import { textContext } from './text.ts';

type Result = string | number | boolean;

/** A computed result as text per params.formatResultAs (duration hh:mm:ss, date, dollar). */
export const resultText = (props: Pick<FieldDisplayProps<Result>, 'field' | 'value' | 'record'>) =>
  props.value === null || props.value === undefined || props.value === ''
    ? ''
    : formatResult(props.value, props.field.params, textContext(props.record));

/** formula-result and formula-result-rollup: read-only; the form recalculates the value live. */
export function ComputedEditor(props: FieldEditorProps<Result>) {
  const text = resultText(props);
  return (
    <FieldShell {...props} editable={false} group={false}>
      <Text fz="sm" fw={500} c={text ? undefined : 'dimmed'} aria-live="polite" data-testid={`${props.field.property}-result`}>
        {text || NONE_ENTERED}
      </Text>
    </FieldShell>
  );
}

export const ComputedDisplay = (props: FieldDisplayProps<Result>) => <Text fz="sm">{resultText(props)}</Text>;
