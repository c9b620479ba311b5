import type { EntityTypeField } from '@turnout/shared';
import type { Stamp } from './draft.ts';
import { isFileLike } from './field-types.ts';

/** Spec 03 §9: stamp titles are truncated at 40 characters; stamps default to 12 pt. */
export const STAMP_TITLE_MAX = 40;
export const STAMP_DEFAULT_FONT_SIZE = 12;
export const REPORT_FONTS = ['Californian FB', 'Helvetica', 'Times'] as const;
export const ALIGNMENTS = [
  { value: 'L', label: 'Left' },
  { value: 'C', label: 'Centre' },
  { value: 'R', label: 'Right' },
  { value: 'J', label: 'Justify' },
] as const;

export function truncate(text: string, max = STAMP_TITLE_MAX): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A stamp as lists name it: its text, or the title of the field it prints; at most 40 characters. */
export function stampTitle(stamp: Pick<Stamp, 'text' | 'field'>, fields: readonly EntityTypeField[]): string {
  if (stamp.field) {
    const field = fields.find((f) => f.field_data.property === stamp.field);
    return truncate(`{${field?.field_data.title || stamp.field}}`);
  }
  return truncate(stamp.text?.trim() || '(empty stamp)');
}

/** Height applies only to file or signature fields; text settings apply otherwise (spec 03 §5). */
export function stampPrintsImage(stamp: Pick<Stamp, 'field'>, fields: readonly EntityTypeField[]): boolean {
  const field = stamp.field ? fields.find((f) => f.field_data.property === stamp.field) : undefined;
  return isFileLike(field?.field_data.type);
}

export function newStamp(offline_id: string): Stamp {
  return { offline_id, x: 1, y: 1, width: 2, page: 1, text: '', alignment: 'L', fontSize: STAMP_DEFAULT_FONT_SIZE };
}
