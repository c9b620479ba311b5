import { Checkbox, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { type Acceptance, acceptanceText, toggleAcceptance } from './common/acceptance.ts';
import { defineField } from './common/define.tsx';
import { FieldShell } from './common/FieldShell.tsx';
import { HtmlView } from './common/RichText.tsx';
import type { FieldDisplayProps, FieldEditorProps } from './types.ts';

/** terms-and-conditions (spec 02 §4 'Terms and acceptance'): the terms, I Accept / I Decline, and who chose when. */
function TermsEditor(props: FieldEditorProps<Acceptance>) {
  const terms = typeof props.field.params?.termsText === 'string' ? props.field.params.termsText : '';
  const text = acceptanceText(props.value, props.record.timeZone);
  const choose = (choice: 'accept' | 'decline') =>
    props.onChange(toggleAcceptance(props.value, choice, props.record.user, new Date(), props.record.timeZone));
  return (
    <FieldShell {...props}>
      <Stack gap="xs" mt={4}>
        {terms && (
          <Paper withBorder p="sm">
            <ScrollArea.Autosize mah={240} type="auto">
              <HtmlView html={terms} />
            </ScrollArea.Autosize>
          </Paper>
        )}
        {props.editable && (
          <Group gap="lg">
            <Checkbox label="I Accept" checked={props.value?.checked === true} onChange={() => choose('accept')} />
            <Checkbox label="I Decline" checked={props.value?.declineChecked === true} onChange={() => choose('decline')} />
          </Group>
        )}
        {text ? (
          <Text fz="sm" c={props.value?.checked ? 'green.8' : 'red.8'} data-testid={`${props.field.property}-stamp`}>
            {text}
          </Text>
        ) : (
          !props.editable && (
            <Text fz="sm" c="gray.7">
              (None entered)
            </Text>
          )
        )}
      </Stack>
    </FieldShell>
  );
}

const TermsDisplay = ({ value, record }: FieldDisplayProps<Acceptance>) => <Text fz="sm">{acceptanceText(value, record.timeZone)}</Text>;

export const termsAndConditions = defineField<Acceptance>('terms-and-conditions', TermsEditor, TermsDisplay);
