import { Title } from '@mantine/core';
import { defineField } from './common/define.tsx';
import type { FieldDisplayProps, FieldEditorProps } from './types.ts';

const text = (field: FieldEditorProps['field']) =>
  (typeof field.params?.headingText === 'string' && field.params.headingText) || field.title;

const Heading = ({ field }: FieldEditorProps<never> | FieldDisplayProps<never>) => (
  <Title order={3} fz="lg" mt="sm">
    {text(field)}
  </Title>
);

/** heading: params.headingText (else the title) as a section heading. */
export const heading = defineField<never>('heading', Heading, Heading);
