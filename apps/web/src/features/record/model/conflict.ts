import { type FieldDefinition, fieldText } from '@turnout/shared';
import { sameValue, type Values } from './form-model.ts';

/**
 * A 409 on save (docs/decisions/0007-records.md): someone saved the record since it was
 * opened. The answer carries the current record ("theirs"). The person sees, field by field,
 * what they changed and what the other save changed, and chooses: keep theirs (re-save their
 * changes on top of the new version) or take the server's. Nothing is dropped silently.
 */
export interface ConflictRow {
  property: string;
  title: string;
  /** The value when the record was opened. */
  base: string;
  /** This person's value. */
  mine: string;
  /** The value now on the server. */
  theirs: string;
  /** Both changed the field, to different values: keeping mine overwrites their change. */
  clash: boolean;
  changedByMe: boolean;
  changedByThem: boolean;
}

export function conflictRows(fields: readonly FieldDefinition[], base: Values, mine: Values, theirs: Values): ConflictRow[] {
  const rows: ConflictRow[] = [];
  for (const field of fields) {
    const p = field.property;
    const changedByMe = Object.hasOwn(mine, p) && !sameValue(mine[p], base[p]);
    const changedByThem = !sameValue(theirs[p], base[p]);
    if (!changedByMe && !changedByThem) continue;
    const text = (v: unknown) => fieldText(field, v) || (v === null || v === undefined || v === '' ? '' : JSON.stringify(v));
    rows.push({
      property: p,
      title: field.title || p,
      base: text(base[p]),
      mine: text(changedByMe ? mine[p] : base[p]),
      theirs: text(theirs[p]),
      clash: changedByMe && changedByThem && !sameValue(mine[p], theirs[p]),
      changedByMe,
      changedByThem,
    });
  }
  return rows;
}

/** Keep mine: my changes over the server's record, to be saved with the server's version. */
export function keepMine(myChanges: Values, theirs: Values): { values: Values; changes: Values; version: number } {
  return { values: { ...theirs, ...myChanges }, changes: { ...myChanges }, version: Number(theirs.version) };
}
