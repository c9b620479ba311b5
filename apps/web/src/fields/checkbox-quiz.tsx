import { defineField } from './common/define.tsx';
import { CheckboxQuizEditor } from './common/QuizEditors.tsx';

/** checkbox-quiz: the answer editor; correct answers are never shown. */
export const checkboxQuiz = defineField<string[]>('checkbox-quiz', CheckboxQuizEditor);
