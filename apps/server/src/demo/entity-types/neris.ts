import { readFileSync } from 'node:fs';
import type { FieldOption } from '@turnout/shared';

/**
 * The NERIS incident type value set (type_incident.csv of the public NERIS framework, see
 * ../data/README.md) as three cascading option lists: level 1 (value_1, e.g. FIRE), level 2
 * (value_2, e.g. OUTSIDE_FIRE, path 'FIRE') and level 3 (value_3, e.g. CONSTRUCTION_WASTE, path
 * 'FIRE|OUTSIDE_FIRE'). A client shows the options of the next level whose path is the codes
 * chosen so far.
 */

export const NERIS_INCIDENT_TYPE_CSV = new URL('../data/neris-type-incident.csv', import.meta.url);

/** Rows of a CSV text (RFC 4180): quoted cells may hold commas, line breaks and doubled quotes. */
export function parseCsv(input: string): string[][] {
  const text = input.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

export interface NerisIncidentType {
  value_1: string;
  value_2: string;
  value_3: string;
  description_1: string;
  description_2: string;
  description_3: string;
}

/** The active rows of type_incident.csv, cells trimmed; a missing column is an error. */
export function parseNerisIncidentTypes(csv: string): NerisIncidentType[] {
  const [header, ...rows] = parseCsv(csv);
  const columns = ['active', 'value_1', 'value_2', 'value_3', 'description_1', 'description_2', 'description_3'] as const;
  const at = Object.fromEntries(columns.map((c) => [c, header?.indexOf(c) ?? -1])) as Record<(typeof columns)[number], number>;
  const missing = columns.filter((c) => at[c] < 0);
  if (missing.length) throw new Error(`NERIS incident types: missing column(s) ${missing.join(', ')}`);
  const cell = (row: string[], c: (typeof columns)[number]) => (row[at[c]] ?? '').trim();
  return rows
    .filter((row) => cell(row, 'active').toUpperCase() === 'TRUE' && cell(row, 'value_1') !== '')
    .map((row) => ({
      value_1: cell(row, 'value_1'),
      value_2: cell(row, 'value_2'),
      value_3: cell(row, 'value_3'),
      description_1: cell(row, 'description_1'),
      description_2: cell(row, 'description_2'),
      description_3: cell(row, 'description_3'),
    }));
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

/** The three option lists from the copy of the value set shipped with the demo. */
export function loadIncidentTypeOptions(): IncidentTypeOptions {
  return incidentTypeOptions(parseNerisIncidentTypes(readFileSync(NERIS_INCIDENT_TYPE_CSV, 'utf8')));
}
