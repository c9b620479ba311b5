import { describe, expect, it } from 'vitest';
import { withoutCorrectAnswers } from './quiz-answers.ts';

describe('[FIELDS] quiz answers left out of entity types', () => {
  it('removes correctAnswer from options and params, and the marks, and keeps the rest', () => {
    const type = {
      name: 'quiz',
      fields: [
        {
          field_data: {
            property: 'q1',
            type: 'radio-quiz',
            params: {
              options: [
                { key: 'a', label: 'A', correctAnswer: true },
                { key: 'b', label: 'B', correctAnswer: false },
              ],
              quiz_correct_answer_marks: 2,
            },
          },
        },
        { field_data: { property: 'q2', type: 'true-false-quiz', params: { correctAnswer: true, helpText: 'x' } } },
        { field_data: { property: 'plain', type: 'single-text' } },
      ],
    };
    const cleaned = withoutCorrectAnswers(type);
    expect(JSON.stringify(cleaned)).not.toMatch(/correctAnswer|quiz_correct_answer_marks/);
    expect(cleaned.fields[0]?.field_data.params).toEqual({
      options: [
        { key: 'a', label: 'A' },
        { key: 'b', label: 'B' },
      ],
    });
    expect(cleaned.fields[1]?.field_data.params).toEqual({ helpText: 'x' });
    expect(cleaned.fields[2]).toEqual(type.fields[2]);
    // The original is not changed.
    expect(type.fields[0]?.field_data.params?.options?.[0]).toHaveProperty('correctAnswer', true);
  });
});
