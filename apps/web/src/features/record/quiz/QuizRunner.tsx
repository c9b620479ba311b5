import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FieldDefinition } from '@turnout/shared';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/index.ts';
import { useTenantFormats } from '../../identity/tenant-formats.ts';
import { useRecordForm } from '../form/record-form-context.tsx';
import { completeQuiz, startQuiz } from '../record-api.ts';
import { canRetake, minutesRemaining, quizPhase, quizValueOf, verdict } from './quiz-state.ts';

/** The start button comes back after 5 s (spec 02 §4, §9). */
export const QUIZ_START_COOLDOWN_MS = 5_000;

const messageOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));

/**
 * The quiz runner of a quiz-question-group field (spec 02 §4 'Quiz'): the introduction and
 * Begin Quiz; while in progress the start and finish times, minutes remaining, the questions
 * and Complete Quiz; when complete the score, pass or fail and a retake while attempts remain.
 * The server stamps times and marks (POST …/quiz/{group}/start and …/complete).
 * For the quiz-question-group editor: `<QuizRunner field={field} />` inside the record form.
 */
export function QuizRunner({ field }: { field: FieldDefinition }) {
  const form = useRecordForm();
  const formats = useTenantFormats();
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState<'start' | 'complete' | null>(null);
  const [cooling, setCooling] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (!cooling) return;
    const timer = setTimeout(() => setCooling(false), QUIZ_START_COOLDOWN_MS);
    return () => clearTimeout(timer);
  }, [cooling]);
  if (!form) return null;

  const params = field.params ?? {};
  const quiz = quizValueOf(form.state.values[field.property]);
  const phase = quizPhase(quiz, now);
  const questions = form.childrenOf(field).filter(form.state.isVisible);
  const left = minutesRemaining(quiz, now);
  const viewing = form.state.mode === 'view';
  /** A quiz time in the department's formats (never the raw ISO value). */
  const when = (time: { value?: string | null; display_value?: string | null } | null | undefined) =>
    time?.value ? formats.dateTime(time.value) || (time.display_value ?? '') : '';

  const begin = async () => {
    setBusy('start');
    setCooling(true);
    try {
      const saved = form.saved ?? (await form.saveFirst());
      if (!saved) return;
      form.applyRecord(await startQuiz(saved.type.name, saved.id, field.property));
    } catch (error) {
      notifications.show({ color: 'red', message: `Problem starting quiz: ${messageOf(error)}` });
    } finally {
      setBusy(null);
    }
  };
  const complete = async () => {
    if (!form.saved) return;
    setBusy('complete');
    try {
      const answers = Object.fromEntries(questions.map((q) => [q.property, form.state.values[q.property] ?? null]));
      form.applyRecord(await completeQuiz(form.saved.type.name, form.saved.id, field.property, answers));
    } catch (error) {
      notifications.show({ color: 'red', message: messageOf(error) });
    } finally {
      setBusy(null);
    }
  };

  const outcome = verdict(quiz, params.quiz_pass_mark_percent);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={field.title}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {field.title}
        </Title>
        {phase === 'not-started' ? (
          <>
            {typeof params.quizIntroduction === 'string' && params.quizIntroduction ? <Text>{params.quizIntroduction}</Text> : null}
            <Group>
              <Button onClick={() => void begin()} loading={busy === 'start'} disabled={viewing || cooling || busy !== null}>
                Begin Quiz
              </Button>
            </Group>
          </>
        ) : null}
        {phase === 'in-progress' ? (
          <>
            <Group gap="lg">
              <Text fz="sm">Started: {when(quiz.started_at)}</Text>
              {quiz.finishes_at?.value ? <Text fz="sm">Finishes: {when(quiz.finishes_at)}</Text> : null}
              {left !== null ? (
                <Badge color={left <= 2 ? 'red.9' : 'brand'}>
                  {left} {left === 1 ? 'minute' : 'minutes'} remaining
                </Badge>
              ) : null}
            </Group>
            <Stack gap="md">{questions.map((q) => form.renderField(q))}</Stack>
            <Group>
              <Button onClick={() => void complete()} loading={busy === 'complete'} disabled={viewing || busy !== null}>
                Complete Quiz
              </Button>
            </Group>
          </>
        ) : null}
        {phase === 'complete' ? (
          <>
            {quiz.marking_array ? (
              <Group gap="sm">
                <Text fw={600}>
                  Score: {quiz.marking_array.marksAchieved}/{quiz.marking_array.marksPossible} (
                  {Math.round(quiz.marking_array.quizMarksPercent * 100) / 100}%)
                </Text>
                {outcome ? (
                  <Badge color={outcome === 'Pass' ? 'green.9' : 'red.9'} size="lg">
                    {outcome}
                  </Badge>
                ) : null}
              </Group>
            ) : (
              <Text>Time is up.</Text>
            )}
            {quiz.finished_at?.value ? <Text fz="sm">Finished: {when(quiz.finished_at)}</Text> : null}
            <Group>
              <Button
                variant="light"
                onClick={() => void begin()}
                loading={busy === 'start'}
                disabled={viewing || cooling || busy !== null || !canRetake(quiz, params.quizAttemptsOption)}
              >
                Retake Quiz
              </Button>
              <Text fz="sm" c="dimmed">
                {params.quizAttemptsOption === 'unlimited-attempts'
                  ? 'Unlimited attempts'
                  : `${quiz.quiz_attempts_remaining ?? 0} attempts remaining`}
              </Text>
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
