import { CATALOGUE } from './catalogue.ts';

/**
 * The NERIS incident types with their NFIRS crosswalk (the 'NFIRS Crosswalk' column of the
 * framework's type_incident.csv): one incident type serves both reports. The NFIRS report of
 * the reports module reads these functions; nothing else of NERIS needs to be known there.
 */
export interface IncidentTypeCrosswalk {
  /** The NERIS code, levels joined with '||' ('FIRE||STRUCTURE_FIRE||CHIMNEY_FIRE'). */
  code: string;
  /** The codes of each level. */
  levels: string[];
  /** 'Fire › Structure Fire › Chimney Fire'. */
  label: string;
  /** NFIRS incident type codes (three digits) this NERIS type corresponds to. */
  nfirs: string[];
}

let cached: IncidentTypeCrosswalk[] | undefined;

export function incidentTypeCrosswalk(): IncidentTypeCrosswalk[] {
  cached ??= (CATALOGUE.valueSets.type_incident ?? []).map((v) => ({
    code: v.value,
    levels: v.value.split('||'),
    label: v.label,
    nfirs: v.nfirs ?? [],
  }));
  return cached;
}

/** NFIRS codes for a NERIS incident type; a level-1 or level-2 prefix gathers its children's. */
export function nfirsCodesFor(nerisCode: string): string[] {
  const matches = incidentTypeCrosswalk().filter((t) => t.code === nerisCode || t.code.startsWith(`${nerisCode}||`));
  return [...new Set(matches.flatMap((t) => t.nfirs))];
}

/** NERIS incident types an NFIRS code corresponds to ('111' → the structure fire types). */
export function nerisTypesForNfirs(nfirsCode: string): IncidentTypeCrosswalk[] {
  const code = nfirsCode.trim();
  return incidentTypeCrosswalk().filter((t) => t.nfirs.includes(code));
}
