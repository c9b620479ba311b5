import { Badge, Card, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { type EntityTypeField, questionMarks } from '@turnout/shared';
import { fieldKey } from '../model/draft.ts';
import { PARAM_DESCRIPTORS } from '../model/param-descriptors.ts';
import { ParamsForm } from './ParamsForm.tsx';
import type { TabProps } from './tab-props.ts';

const QUIZ_SETTINGS = PARAM_DESCRIPTORS['quiz-question-group'].filter((d) => d.key !== 'fieldList');

/** Quiz Configuration (shown with is_quiz): each quiz question group's settings and its questions. */
export function QuizTab({ draft, change, fieldEditable }: TabProps & { fieldEditable: (field: EntityTypeField) => boolean }) {
  const groups = draft.fields.filter((f) => f.field_data.type === 'quiz-question-group');
  if (groups.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl" maw={820}>
        <Text c="dimmed" ta="center">
          No quiz yet: add a 'Quiz question group' field on the Fields tab and put the quiz questions in it.
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="md" maw={1000}>
      <Title order={2} fz="lg">
        Quiz Configuration
      </Title>
      {groups.map((group) => {
        const params = (group.field_data.params ?? {}) as Record<string, unknown>;
        const inGroup = Array.isArray(params.fieldList) ? params.fieldList.map(String) : [];
        const questions = draft.fields.filter((f) => inGroup.includes(fieldKey(f)) || (f.id !== undefined && inGroup.includes(f.id)));
        const marks = questions.reduce((sum, q) => sum + questionMarks(q.field_data.params as never), 0);
        return (
          <Card key={fieldKey(group)} withBorder radius="md" component="section" aria-label={`Quiz ${group.field_data.title}`}>
            <Group justify="space-between" mb="sm">
              <Text fw={600}>{group.field_data.title || group.field_data.property}</Text>
              <Group gap={6}>
                <Badge variant="light">{questions.length} questions</Badge>
                <Badge variant="light" color="green">
                  {marks} marks
                </Badge>
              </Group>
            </Group>
            <ParamsForm
              descriptors={QUIZ_SETTINGS}
              params={params}
              fields={draft.fields}
              disabled={!fieldEditable(group)}
              onChange={(next) =>
                change((d) => ({
                  ...d,
                  fields: d.fields.map((f) =>
                    fieldKey(f) === fieldKey(group) ? { ...f, field_data: { ...f.field_data, params: next } } : f,
                  ),
                }))
              }
            />
            {questions.length ? (
              <List size="sm" mt="sm" spacing={2} type="ordered">
                {questions.map((q) => (
                  <List.Item key={fieldKey(q)}>{q.field_data.title || q.field_data.property}</List.Item>
                ))}
              </List>
            ) : (
              <Text fz="sm" c="dimmed" mt="sm">
                Choose its questions in the field editor (Fields inside).
              </Text>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
