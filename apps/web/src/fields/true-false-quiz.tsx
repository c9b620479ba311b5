import { defineField } from './common/define.tsx';
import { TrueFalseQuizEditor } from './common/QuizEditors.tsx';

/** true-false-quiz: the answer editor; correct answers are never shown. */
export const trueFalseQuiz = defineField<boolean>('true-false-quiz', TrueFalseQuizEditor);
