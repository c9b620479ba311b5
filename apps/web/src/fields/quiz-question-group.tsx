import { QuizQuestionGroup } from './common/containers.tsx';
import { defineField, TextDisplay } from './common/define.tsx';

/** quiz-question-group: renders its child fields (params.fieldList) through record.renderFields. */
export const quizQuestionGroup = defineField<unknown>('quiz-question-group', QuizQuestionGroup, TextDisplay);
