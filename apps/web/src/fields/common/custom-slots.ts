import type { ComponentType } from 'react';
import type { FieldEditorProps } from '../types.ts';

/**
 * Components of custom-functionality kinds that live with the record screen. The record
 * screen registers its own, one line each, e.g.
 *   customFunctionalitySlots['timesheet-punch-card'] = PunchCard; // features/record/timesheet/
 * Until one is registered the field shows an honest notice.
 */
export const customFunctionalitySlots: Partial<
  Record<'timesheet-punch-card' | 'xml-field-mapper' | 'bib-view-report', ComponentType<FieldEditorProps<unknown>>>
> = {};
