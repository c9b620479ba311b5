import { Box, Button, Fieldset, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FieldEditorProps } from '../types.ts';

/** params.fieldList as ids / offline_ids (entries may be objects with id or offline_id). */
export function childList(params: Record<string, unknown> | undefined): string[] {
  const list = params?.fieldList;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    if (typeof item === 'string' || typeof item === 'number') return [String(item)];
    if (item && typeof item === 'object') {
      const o = item as Record<string, unknown>;
      const ref = o.id ?? o.offline_id;
      return typeof ref === 'string' || typeof ref === 'number' ? [String(ref)] : [];
    }
    return [];
  });
}

/** The children, drawn by the form through record.renderFields; nothing when it does not provide it. */
export function Children({ props, layout }: { props: FieldEditorProps<unknown>; layout: 'row' | 'stack' }) {
  const list = childList(props.field.params);
  if (list.length === 0) return null;
  return <>{props.record.renderFields?.(list, { layout }) ?? null}</>;
}

export function ContainerRow(props: FieldEditorProps<unknown>) {
  return (
    <Box role="group" aria-label={props.field.title} data-container="row">
      <Group align="flex-start" grow wrap="wrap" gap="md">
        <Children props={props} layout="row" />
      </Group>
    </Box>
  );
}

export function ContainerGroup(props: FieldEditorProps<unknown>) {
  return (
    <Fieldset legend={props.field.title} data-container="group">
      <Stack gap="sm">
        <Children props={props} layout="stack" />
      </Stack>
    </Fieldset>
  );
}

export function ContainerTile(props: FieldEditorProps<unknown>) {
  return (
    <Paper withBorder shadow="xs" radius="md" p="md" role="group" aria-label={props.field.title} data-container="tile">
      <Text fw={700} fz="md" mb="sm">
        {props.field.title}
      </Text>
      <Stack gap="sm">
        <Children props={props} layout="stack" />
      </Stack>
    </Paper>
  );
}

/** container-button: a button (button_style, show_button_label) that opens the child fields. */
export function ContainerButton(props: FieldEditorProps<unknown>) {
  const [open, setOpen] = useState(false);
  const p = props.field.params ?? {};
  const showLabel = p.show_button_label !== false;
  return (
    <>
      <Button
        variant={p.button_style === 'outline' ? 'outline' : 'filled'}
        onClick={() => setOpen(true)}
        aria-label={showLabel ? undefined : props.field.title}
      >
        {showLabel ? props.field.title : '…'}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={props.field.title} size="lg">
        <Stack gap="sm">
          <Children props={props} layout="stack" />
        </Stack>
      </Modal>
    </>
  );
}

/**
 * quiz-question-group: the introduction and the questions. Begin Quiz, the timer, Complete Quiz
 * and the score are the record screen's quiz runner (spec 02 §4 'Quiz'); the group's value is
 * the quiz state it keeps.
 */
export function QuizQuestionGroup(props: FieldEditorProps<unknown>) {
  const intro = props.field.params?.quizIntroduction;
  return (
    <Fieldset legend={props.field.title} data-container="quiz-question-group">
      <Stack gap="sm">
        {typeof intro === 'string' && intro && (
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {intro}
          </Text>
        )}
        <Children props={props} layout="stack" />
      </Stack>
    </Fieldset>
  );
}
