import type { FieldDefinition } from '@turnout/shared';
import { useState } from 'react';
import { renderRoutes } from '../../test/render.tsx';
import { fieldComponentsOf } from '../index.ts';
import type { FieldMode, FieldRecordContext } from '../types.ts';

export interface RenderFieldOptions {
  value?: unknown;
  editable?: boolean;
  required?: boolean;
  mode?: FieldMode;
  error?: string;
  record?: Partial<FieldRecordContext>;
}

export const baseRecord = (patch: Partial<FieldRecordContext> = {}): FieldRecordContext => ({
  typeName: 'incident_report',
  typeLabel: 'Incident Report',
  values: {},
  setValue: () => undefined,
  dateFormat: 'DATE_SHORT',
  timeFormat: 'TIME_WITH_SECONDS',
  timeZone: 'America/Chicago',
  user: { id: 'u1', personnelId: 'p1', name: 'Frankie Firefighter', isGlobalAdmin: false },
  ...patch,
});

/** Renders one field's registered editor in the app's providers; `changes` records every onChange. */
export function renderField(field: FieldDefinition, options: RenderFieldOptions = {}) {
  const changes: unknown[] = [];
  function Harness() {
    const [value, setValue] = useState<unknown>(options.value ?? null);
    const Editor = fieldComponentsOf(field.type)!.Editor;
    return (
      <Editor
        field={field}
        value={value as never}
        onChange={(v: unknown) => {
          changes.push(v);
          setValue(v);
        }}
        editable={options.editable ?? true}
        required={options.required ?? !!field.validation?.required}
        mode={options.mode ?? 'edit'}
        error={options.error}
        record={baseRecord(options.record)}
      />
    );
  }
  const view = renderRoutes([{ path: '/', element: <Harness /> }], '/');
  return { ...view, changes };
}
