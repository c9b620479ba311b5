/**
 * A quiz's answers are for the people who write it: `options[].correctAnswer`,
 * `params.correctAnswer` and `params.quiz_correct_answer_marks` are left out of every entity
 * type a person who may not modify entity types receives (the server applies this).
 */
type WithFields = { fields?: unknown };

const ANSWER_PARAMS = ['correctAnswer', 'quiz_correct_answer_marks'] as const;

function cleanParams(params: unknown): unknown {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return params;
  const next: Record<string, unknown> = { ...(params as Record<string, unknown>) };
  for (const key of ANSWER_PARAMS) delete next[key];
  if (Array.isArray(next.options)) {
    next.options = next.options.map((option: unknown) => {
      if (!option || typeof option !== 'object') return option;
      const { correctAnswer: _hidden, ...rest } = option as Record<string, unknown>;
      return rest;
    });
  }
  return next;
}

function cleanField(field: unknown): unknown {
  if (!field || typeof field !== 'object') return field;
  const f = field as { field_data?: { params?: unknown } };
  if (!f.field_data || typeof f.field_data !== 'object') return field;
  return { ...f, field_data: { ...f.field_data, params: cleanParams(f.field_data.params) } };
}

/** The type without its quiz answers (fields and tenant fields). */
export function withoutCorrectAnswers<T extends WithFields>(type: T): T {
  const next: Record<string, unknown> = { ...type };
  for (const key of ['fields', 'tenantFields']) {
    const list = next[key];
    if (Array.isArray(list)) next[key] = list.map(cleanField);
  }
  return next as T;
}
