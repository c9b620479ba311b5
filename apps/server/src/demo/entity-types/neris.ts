import type { FieldOption } from '@turnout/shared';
import { incidentTypeCrosswalk } from '../../modules/neris/crosswalk.ts';

/**
 * The NERIS incident type value set (type_incident.csv of the public NERIS framework, read by
 * modules/neris) as three cascading option lists: level 1 (value_1, e.g. FIRE), level 2
 * (value_2, e.g. OUTSIDE_FIRE, path 'FIRE') and level 3 (value_3, e.g. CONSTRUCTION_WASTE, path
 * 'FIRE|OUTSIDE_FIRE'). A client shows the options of the next level whose path is the codes
 * chosen so far.
 */

export interface NerisIncidentType {
  value_1: string;
  value_2: string;
  value_3: string;
  description_1: string;
  description_2: string;
  description_3: string;
}

export interface IncidentTypeOptions {
  level1: FieldOption[];
  level2: FieldOption[];
  level3: FieldOption[];
}

/**
 * Options of the three levels, in the order of the value set, each keyed by its NERIS code and
 * labelled by its description. The same code may sit under two parents (RESCUE|OUTSIDE and
 * RESCUE|STRUCTURE both have CONFINED_SPACE_RESCUE): each gets an option of its own, told apart
 * by path; offline_id is the full path, unique within the list.
 */
export function incidentTypeOptions(types: NerisIncidentType[]): IncidentTypeOptions {
  const levels: IncidentTypeOptions = { level1: [], level2: [], level3: [] };
  const seen = new Set<string>();
  const add = (list: FieldOption[], codes: string[], label: string) => {
    const id = codes.join('|');
    if (seen.has(id)) return;
    seen.add(id);
    const key = codes[codes.length - 1]!;
    const parents = codes.slice(0, -1);
    list.push({ key, label: label || key, sort: list.length + 1, offline_id: id, ...(parents.length ? { path: parents.join('|') } : {}) });
  };
  for (const t of types) {
    add(levels.level1, [t.value_1], t.description_1);
    if (t.value_2) add(levels.level2, [t.value_1, t.value_2], t.description_2);
    if (t.value_2 && t.value_3) add(levels.level3, [t.value_1, t.value_2, t.value_3], t.description_3);
  }
  return levels;
}

/** The NERIS incident types of the framework Turnout ships (modules/neris), as rows of their three levels. */
export function nerisIncidentTypes(): NerisIncidentType[] {
  return incidentTypeCrosswalk().map((t) => {
    const labels = t.label.split(' › ');
    return {
      value_1: t.levels[0] ?? '',
      value_2: t.levels[1] ?? '',
      value_3: t.levels[2] ?? '',
      description_1: labels[0] ?? '',
      description_2: labels[1] ?? '',
      description_3: labels[2] ?? '',
    };
  });
}

/** The three option lists from the NERIS framework's incident types. */
export function loadIncidentTypeOptions(): IncidentTypeOptions {
  return incidentTypeOptions(nerisIncidentTypes());
}
