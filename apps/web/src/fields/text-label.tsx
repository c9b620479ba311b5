import { Text } from '@mantine/core';
import { defineField } from './common/define.tsx';
import type { FieldDisplayProps, FieldEditorProps } from './types.ts';

const TextLabel = ({ field }: FieldEditorProps<never> | FieldDisplayProps<never>) => (
  <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
    {(typeof field.params?.labelText === 'string' && field.params.labelText) || field.title}
  </Text>
);

/** text-label: params.labelText (else the title) as plain text. */
export const textLabel = defineField<never>('text-label', TextLabel, TextLabel);
