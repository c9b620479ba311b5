import { useQuery } from '@tanstack/react-query';
import type { EntityTypeLite } from '@turnout/shared';
import { fetchTypesLite, liteKey } from '../entity-types-api.ts';

/** The entity types the user may view, as choices by name ('incident_report' → 'Incident Report'). */
export function useTypeChoices(
  current?: string | null,
  only: (type: EntityTypeLite) => boolean = () => true,
): { value: string; label: string; id: string }[] {
  const list = useQuery({ queryKey: liteKey, queryFn: ({ signal }) => fetchTypesLite(signal) });
  const choices = (list.data ?? []).filter(only).map((type) => ({ value: type.name, label: `${type.label} (${type.name})`, id: type.id }));
  // A name not (or no longer) among them, e.g. from an import with type checks skipped, stays choosable.
  if (current && !choices.some((c) => c.value === current)) choices.push({ value: current, label: `${current} (not found)`, id: '' });
  return choices;
}
