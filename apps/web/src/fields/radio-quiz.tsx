import { defineField } from './common/define.tsx';
import { RadioQuizEditor } from './common/QuizEditors.tsx';

/** radio-quiz: the answer editor; correct answers are never shown. */
export const radioQuiz = defineField<string | number>('radio-quiz', RadioQuizEditor);
