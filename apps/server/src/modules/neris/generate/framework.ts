import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { csvObjects } from './csv.ts';

/**
 * The public NERIS data framework read from its CSV files: the data elements of each module
 * (modules/<folder>/<module>.csv) and the choice lists (value_sets/type_*.csv). Pure reading:
 * what the rows mean for Turnout is decided in build.ts.
 */

/** One data element (a row of a module CSV), columns as the framework names them. */
export interface FrameworkElement {
  name: string;
  group: string;
  type: string;
  value_set: boolean;
  format: string;
  possible_if: string;
  db_required: boolean;
  neris_core: boolean;
  neris_core_if: string;
  /** neris_core_app: core for records an application (not a CAD) submits; the dispatch module's core flag. */
  neris_core_app: boolean;
  computed: boolean;
  cardinality: string;
  definition: string;
  example: string;
}

/** One active value of a value set. Hierarchical sets (value_1..value_3) join their codes with '||', as the NERIS API does. */
export interface FrameworkValue {
  value: string;
  /** The descriptions of each level, e.g. ['Fire', 'Structure Fire', 'Chimney Fire']. */
  labels: string[];
  /** NFIRS codes of the 'NFIRS Crosswalk' column, where the set has one. */
  nfirs?: string[];
}

export interface Framework {
  modules: Record<string, FrameworkElement[]>;
  valueSets: Record<string, FrameworkValue[]>;
}

const bool = (cell: string | undefined) => (cell ?? '').trim().toUpperCase() === 'TRUE';

export function readElements(csv: string): FrameworkElement[] {
  return csvObjects(csv)
    .filter((row) => row.name)
    .map((row) => ({
      name: row.name!,
      group: row.group ?? '',
      type: row.type ?? '',
      value_set: bool(row.value_set),
      format: row.format ?? '',
      possible_if: row.possible_if ?? '',
      db_required: bool(row.db_required),
      neris_core: bool(row.neris_core),
      neris_core_if: row.neris_core_if ?? '',
      neris_core_app: bool(row.neris_core_app),
      computed: bool(row.computed),
      cardinality: row.cardinality ?? '',
      definition: row.definition ?? '',
      example: row.example ?? '',
    }));
}

/** The active values of a value set, in the file's order; a value listed twice is kept once. */
export function readValueSet(csv: string): FrameworkValue[] {
  const seen = new Set<string>();
  const values: FrameworkValue[] = [];
  for (const row of csvObjects(csv)) {
    if (!bool(row.active)) continue;
    const hierarchical = 'value_1' in row;
    const codes = hierarchical ? [row.value_1, row.value_2, row.value_3].filter((c): c is string => Boolean(c)) : [row.value ?? ''];
    const labels = hierarchical
      ? [row.description_1, row.description_2, row.description_3].slice(0, codes.length).map((d, i) => d || codes[i]!)
      : [row.description || row.value || ''];
    const value = codes.join('||');
    if (!value || seen.has(value)) continue;
    seen.add(value);
    const crosswalk = row['NFIRS Crosswalk'];
    values.push({
      value,
      labels,
      ...(crosswalk ? { nfirs: [...new Set(crosswalk.split(/[,\s]+/).filter((code) => /^\d+$/.test(code)))] } : {}),
    });
  }
  return values;
}

function csvFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) return csvFiles(full);
      return entry.endsWith('.csv') ? [full] : [];
    });
}

/** Reads a framework folder holding modules/ and value_sets/ (as framework/README.md describes). */
export function readFramework(dir: string): Framework {
  const modules: Framework['modules'] = {};
  for (const file of csvFiles(path.join(dir, 'modules'))) modules[path.basename(file, '.csv')] = readElements(readFileSync(file, 'utf8'));
  const valueSets: Framework['valueSets'] = {};
  for (const file of csvFiles(path.join(dir, 'value_sets')))
    valueSets[path.basename(file, '.csv')] = readValueSet(readFileSync(file, 'utf8'));
  return { modules, valueSets };
}
