import type { EntityTypeField, FieldOption } from '@turnout/shared';
import { type DemoTypeInput, field, numbered, transitions } from './build.ts';

const answers = (list: [label: string, correct: boolean][]): FieldOption[] =>
  list.map(([label, correct], index) => ({ key: `answer_${index + 1}`, label, sort: index + 1, correctAnswer: correct }));

const trueFalse = (property: string, title: string, correct: boolean) =>
  field(property, title, 'true-false-quiz', {
    page: 2,
    params: {
      correctAnswer: correct,
      options: [
        { key: 'true', label: 'True', correctAnswer: correct },
        { key: 'false', label: 'False', correctAnswer: !correct },
      ],
    },
  });

/** Questions of the quiz, in order. */
function questions(): EntityTypeField[] {
  return [
    trueFalse('q_gear_inspection', 'Turnout gear is inspected for damage and contamination after every fire-ground use.', true),
    trueFalse('q_contaminated_hood', 'A hood worn at a fire may be worn again without cleaning as long as it looks clean.', false),
    field('q_pass_device', 'What does PASS stand for?', 'radio-quiz', {
      page: 2,
      params: {
        options: answers([
          ['Personal Alert Safety System', true],
          ['Primary Air Supply System', false],
          ['Pressure Alarm Safety Switch', false],
          ['Personal Air Supply Standard', false],
        ]),
      },
    }),
    field(
      'q_two_out',
      'Under the two-in/two-out rule, how many firefighters must be outside before two enter an IDLH atmosphere?',
      'radio-quiz',
      {
        page: 2,
        params: {
          options: answers([
            ['One', false],
            ['Two', true],
            ['Three', false],
            ['Four', false],
          ]),
        },
      },
    ),
    field('q_flashover_signs', 'Which are warning signs of an impending flashover? (Choose all that apply.)', 'checkbox-quiz', {
      page: 2,
      params: {
        options: answers([
          ['Rollover (flames in the smoke layer)', true],
          ['Rapidly increasing heat', true],
          ['Thick, dark smoke banking down', true],
          ['Thin white smoke at floor level', false],
        ]),
      },
    }),
  ];
}

/** A one-attempt PPE and SCBA refresher: pass mark 80%, 20 minutes. */
export function trainingQuiz(): DemoTypeInput {
  const items = questions();
  return {
    name: 'training_quiz',
    label: 'Training Quiz',
    pages: 2,
    object_data: { icon: 'school', is_quiz: true, page_labels: ['Trainee', 'Quiz'] },
    fields: numbered([
      field('trainee', 'Trainee', 'select-personnel', { required: true, table: true, params: { lockedToCreator: true } }),
      field('quiz', 'PPE and SCBA refresher', 'quiz-question-group', {
        page: 2,
        table: true,
        params: {
          quizIntroduction: 'Five questions on personal protective equipment and SCBA. You have one attempt and 20 minutes; 80% passes.',
          quizAttemptsOption: 'one-attempt',
          quizTimeLimit: 20,
          quiz_pass_mark_percent: 80,
          fieldList: items.map((q) => q.offline_id),
        },
      }),
      ...items,
    ]),
    allowed_transitions: transitions('mark_as_created', 'mark_as_finalised'),
  };
}
