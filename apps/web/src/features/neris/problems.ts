import type { FieldDefinition } from '@turnout/shared';

/** One NERIS problem as the panel lists it: under its field (and page) when the form has one, else under the NERIS element. */
export interface NerisProblem {
  key: string;
  title: string;
  page: number | null;
  message: string;
}

/** The element names of NERIS read as words ('fd_neris_id' → 'fd neris id') for elements the form lacks. */
const asWords = (key: string) => key.replace(/_/g, ' ');

export function nerisProblems(errors: Record<string, string[]>, fields: readonly FieldDefinition[]): NerisProblem[] {
  const byProperty = new Map(fields.map((f) => [f.property, f]));
  const problems: NerisProblem[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const field = byProperty.get(key);
    for (const message of messages) {
      problems.push({ key, title: field ? field.title || key : `NERIS ${asWords(key)}`, page: field ? (field.page ?? 1) : null, message });
    }
  }
  return problems.sort((a, b) => (a.page ?? 1_000) - (b.page ?? 1_000));
}
