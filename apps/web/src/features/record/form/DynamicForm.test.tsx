// @vitest-environment jsdom
import '../../../test/dom.ts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { EntityType } from '@turnout/shared';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme.ts';
import type { RecordMode } from '../model/form-model.ts';
import { DynamicForm } from './DynamicForm.tsx';
import { useFormState } from './use-form-state.ts';

const field = (property: string, title: string, type: string, page: number, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title, type, page, sort_order: 999, ...extra },
});

const TYPE = {
  id: 't',
  name: 'unit_check',
  label: 'Unit Check',
  tenant_id: 'x',
  sort_order: 0,
  is_module: false,
  is_core: false,
  is_task: false,
  is_global: false,
  date_significant: false,
  modified_at: '2026-01-01T00:00:00Z',
  pages: 3,
  object_data: { page_labels: ['Unit', 'Pumps'] },
  fields: [
    field('unit', 'Unit', 'single-text', 1, { validation: { required: true } }),
    field('pumps', 'Pump count', 'number-entry', 2),
    field('liters', 'Liters', 'number-entry', 2),
    field('total', 'Total', 'formula-result', 2, { params: { contentsFormula: '{pumps} * {liters}' } }),
    field('notes', 'Notes', 'textarea', 3),
  ],
  actions: [{ name: 'no pumps', ruleset_json: { '==': [{ var: 'unit' }, 'R1'] }, effects: [{ type: 'hide-pages', pages: [2] }] }],
  alarms: [],
  reports: [],
  allowed_transitions: [],
} as unknown as EntityType;

function Harness({ mode = 'add' as RecordMode, saved = {} as Record<string, unknown> }) {
  const [page, setPage] = useState(1);
  const state = useFormState({ type: TYPE, mode, viewer: { role: 'Tenant User', isGlobalAdmin: false }, initial: saved, saved });
  return (
    <>
      <DynamicForm
        state={state}
        typeName="unit_check"
        typeLabel="Unit Check"
        saved={null}
        page={page}
        onPage={setPage}
        applyRecord={() => undefined}
        saveFirst={async () => null}
      />
      <button type="button" onClick={state.touchAll}>
        Try save
      </button>
      <output data-testid="dirty">{String(state.dirty)}</output>
    </>
  );
}

const renderForm = (props: Parameters<typeof Harness>[0] = {}) =>
  render(
    <MantineProvider theme={theme} env="test">
      <Harness {...props} />
    </MantineProvider>,
  );

afterEach(cleanup);

describe('DynamicForm', () => {
  it('labels fields, marks required ones and shows the message once a save is tried', () => {
    renderForm();
    const unit = screen.getByRole('textbox', { name: /^Unit/ });
    expect((unit as HTMLInputElement).readOnly).toBe(false);
    expect(screen.queryByText('Unit is a required field.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try save' }));
    expect(screen.getAllByText('Unit is a required field.').length).toBeGreaterThan(0);
    expect(screen.getByText('Unit: Unit is a required field.')).toBeTruthy();
    fireEvent.change(unit, { target: { value: 'E1' } });
    expect(screen.queryByText('Unit: Unit is a required field.')).toBeNull();
    expect(screen.getByTestId('dirty').textContent).toBe('true');
  });

  it('pages with the chevrons, skipping a page a rule hides, and recomputes formulas live', () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.change(screen.getByLabelText('Pump count'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Liters'), { target: { value: '500' } });
    const total = document.querySelector('[data-field="total"]');
    expect(total?.textContent).toContain('1000');
    expect(total?.querySelector('input:not([readonly])')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Unit/ }), { target: { value: 'R1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByLabelText('Notes')).toBeTruthy();
    expect(screen.queryByLabelText('Pump count')).toBeNull();
  });

  it('shows values read-only in view mode without the required marker', () => {
    renderForm({ mode: 'view', saved: { unit: 'E7' } });
    const unit = document.querySelector('[data-field="unit"]');
    const input = unit?.querySelector('input');
    expect(input ? input.value : unit?.textContent).toContain('E7');
    expect(unit?.querySelector('input:not([readonly])')).toBeNull();
    expect(unit?.textContent).not.toContain('*');
  });
});
