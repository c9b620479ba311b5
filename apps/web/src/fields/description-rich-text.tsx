import { Box, Text } from '@mantine/core';
import { defineField } from './common/define.tsx';
import { HtmlView } from './common/RichText.tsx';
import type { FieldDisplayProps, FieldEditorProps } from './types.ts';

const html = (field: FieldEditorProps['field'], value: unknown) =>
  typeof value === 'string' && value ? value : typeof field.params?.descriptionText === 'string' ? field.params.descriptionText : '';

/** description-rich-text: formatted text shown, never edited (its value, else params.descriptionText). */
function DescriptionView(props: FieldEditorProps<string>) {
  return (
    <Box>
      {props.field.title && (
        <Text fw={500} fz="sm">
          {props.field.title}
        </Text>
      )}
      <HtmlView html={html(props.field, props.value)} />
    </Box>
  );
}

const DescriptionDisplay = ({ field, value }: FieldDisplayProps<string>) => <HtmlView html={html(field, value)} />;

export const descriptionRichText = defineField<string>('description-rich-text', DescriptionView, DescriptionDisplay);
