// @vitest-environment jsdom
import '../test/dom.ts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { FieldDefinition } from '@turnout/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '../test/fetch-mock.ts';
import { renderRoutes } from '../test/render.tsx';
import { refName } from './common/EntitySelect.tsx';
import { isUuid, pickedListText, pickedText } from './common/options.ts';
import { baseRecord, renderField } from './common/test-render.tsx';
import { fieldComponentsOf } from './index.ts';

// Dropdown pickers (spec 02 §5): first row (No Selection), placeholder Select an item, read-only
// (None) or (Unsaved) when the value is a valid UUID, with a Start Typing filter.

const UNSAVED_ID = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';
const options = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `o${i}`, label: `Option ${i}` }));
const choices = [
  { value: 'engine', label: 'Engine' },
  { value: 'ladder', label: 'Ladder' },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('read-only text of a chosen key', () => {
  it('is the choice label, (Unsaved) for a UUID no choice has, else the key; empty for nothing', () => {
    expect(pickedText('ladder', choices)).toBe('Ladder');
    expect(pickedText(UNSAVED_ID, choices)).toBe('(Unsaved)');
    expect(pickedText(UNSAVED_ID.toUpperCase(), choices)).toBe('(Unsaved)');
    expect(pickedText('tanker', choices)).toBe('tanker');
    expect(pickedText('tanker', choices, 'Tanker 2')).toBe('Tanker 2');
    expect(pickedText(null, choices)).toBe('');
    expect(pickedText('', choices)).toBe('');
    // A UUID that is a choice's key is that choice.
    expect(pickedText(UNSAVED_ID, [{ value: UNSAVED_ID, label: 'Saved option' }])).toBe('Saved option');
  });

  it('of several keys, each as one key shows', () => {
    expect(pickedListText(['engine', UNSAVED_ID, 'tanker'], choices)).toBe('Engine, (Unsaved), tanker');
    expect(pickedListText('ladder', choices)).toBe('Ladder');
    expect(pickedListText([], choices)).toBe('');
    expect(pickedListText(null, choices)).toBe('');
  });

  it('a valid UUID is 8-4-4-4-12 hex digits with a version and variant', () => {
    expect(isUuid(UNSAVED_ID)).toBe(true);
    expect(isUuid('3f2b8c1e-9a4d-0e6f-8b2a-1c3d5e7f9a0b')).toBe(false);
    expect(isUuid('3f2b8c1e-9a4d-4e6f-7b2a-1c3d5e7f9a0b')).toBe(false);
    expect(isUuid('3f2b8c1e9a4d4e6f8b2a1c3d5e7f9a0b')).toBe(false);
    expect(isUuid(`${UNSAVED_ID}0`)).toBe(false);
    expect(isUuid(42)).toBe(false);
  });

  it('of a record reference: its name, (Unsaved) for a bare UUID', () => {
    expect(refName({ id: UNSAVED_ID, display_name: 'Riley Chief' })).toBe('Riley Chief');
    expect(refName({ id: UNSAVED_ID })).toBe('(Unsaved)');
    expect(refName({ id: 'legacy-7' })).toBe('legacy-7');
  });
});

describe('select-list and its kin', () => {
  const unit: FieldDefinition = { property: 'unit', title: 'Unit', type: 'select-list', params: { options: options(3) } };

  it('read-only: (None) when empty, (Unsaved) for a UUID no option has, the label otherwise', () => {
    renderField(unit, { editable: false });
    expect(screen.getByText('(None)')).toBeTruthy();
    cleanup();
    renderField(unit, { editable: false, value: UNSAVED_ID });
    expect(screen.getByText('(Unsaved)')).toBeTruthy();
    expect(screen.queryByText(UNSAVED_ID)).toBeNull();
    cleanup();
    renderField(unit, { editable: false, value: 'o2' });
    expect(screen.getByText('Option 2')).toBeTruthy();
  });

  it('an ad-hoc value typed by someone stays as typed; several keys show (Unsaved) each', () => {
    renderField({ ...unit, type: 'select-adhoc' }, { editable: false, value: 'Mutual aid' });
    expect(screen.getByText('Mutual aid')).toBeTruthy();
    cleanup();
    renderField({ ...unit, type: 'select-list-multiple' }, { editable: false, value: ['o0', UNSAVED_ID] });
    expect(screen.getByText('Option 0, (Unsaved)')).toBeTruthy();
  });

  it('lists and print show (Unsaved) too', () => {
    const show = (type: string, value: unknown) => {
      const Display = fieldComponentsOf(type)!.Display!;
      return renderRoutes(
        [{ path: '/', element: <Display field={{ ...unit, type }} value={value as never} record={baseRecord()} /> }],
        '/',
      );
    };
    show('select-list', UNSAVED_ID);
    expect(screen.getByText('(Unsaved)')).toBeTruthy();
    cleanup();
    show('select-list-multiple', ['o1', UNSAVED_ID]);
    expect(screen.getByText('Option 1, (Unsaved)')).toBeTruthy();
    cleanup();
    show('select-personnel', { id: UNSAVED_ID });
    expect(screen.getByText('(Unsaved)')).toBeTruthy();
    cleanup();
    const { container } = show('select-list-multiple', []);
    expect(container.querySelector('p')).toBeNull();
  });

  it('above 5 options the open dropdown filters: Start Typing, every option, then what is typed', async () => {
    const { changes } = renderField({ ...unit, title: 'Station', params: { options: options(7) } }, { value: 'o1' });
    const input = screen.getByRole('combobox', { name: 'Station' }) as HTMLInputElement;
    expect(input.value).toBe('Option 1');
    fireEvent.click(input);
    expect(input.getAttribute('placeholder')).toBe('Start Typing');
    expect(input.value).toBe('');
    const rows = await screen.findAllByRole('option');
    expect(rows.map((r) => r.textContent)).toEqual(['(No Selection)', ...options(7).map((o) => o.label)]);
    input.focus();
    fireEvent.change(input, { target: { value: 'n 5' } });
    expect(screen.getAllByRole('option').map((r) => r.textContent)).toEqual(['Option 5']);
    fireEvent.click(screen.getByRole('option', { name: 'Option 5' }));
    expect(changes.at(-1)).toBe('o5');
    expect(input.value).toBe('Option 5');
    expect(input.getAttribute('placeholder')).toBe('Select an item');
  });

  it('closing without a choice puts the chosen label back', async () => {
    renderField({ ...unit, title: 'Station', params: { options: options(7) } }, { value: 'o3' });
    const input = screen.getByRole('combobox', { name: 'Station' }) as HTMLInputElement;
    fireEvent.click(input);
    await screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('Option 3');
  });

  it('up to 5 options there is no filter: the placeholder stays Select an item', async () => {
    renderField(unit);
    const input = screen.getByRole('combobox', { name: 'Unit' });
    fireEvent.click(input);
    await screen.findAllByRole('option');
    expect(input.getAttribute('placeholder')).toBe('Select an item');
  });

  it('a multi-select filters with Start Typing above 5 options', async () => {
    renderField({ ...unit, type: 'select-list-multiple', title: 'Units', params: { options: options(6) } });
    const input = screen.getByRole('combobox', { name: 'Units' });
    expect(input.getAttribute('placeholder')).toBe('Select an item');
    fireEvent.click(input);
    await screen.findAllByRole('option');
    expect(input.getAttribute('placeholder')).toBe('Start Typing');
  });
});

describe('entity selectors', () => {
  it('read-only: (None) when empty, (Unsaved) for a bare UUID, the name otherwise', () => {
    const officer: FieldDefinition = { property: 'officer', title: 'Officer', type: 'select-personnel' };
    renderField(officer, { editable: false });
    expect(screen.getByText('(None)')).toBeTruthy();
    cleanup();
    renderField(officer, { editable: false, value: { id: UNSAVED_ID } });
    expect(screen.getByText('(Unsaved)')).toBeTruthy();
    cleanup();
    renderField(officer, { editable: false, value: { id: UNSAVED_ID, display_name: 'Casey Captain' } });
    expect(screen.getByText('Casey Captain')).toBeTruthy();
  });

  it('the open search says Start Typing', async () => {
    const { fetch } = routeFetch({ 'GET /api/tenant': () => json(200, { data: [], meta: { current_page: 1, last_page: 1 } }) });
    vi.stubGlobal('fetch', fetch);
    renderField({ property: 'tenant', title: 'Department', type: 'select-tenant' });
    const input = screen.getByRole('textbox', { name: 'Department' });
    expect(input.getAttribute('placeholder')).toBe('Select an item');
    fireEvent.focus(input);
    expect(input.getAttribute('placeholder')).toBe('Start Typing');
    expect(await screen.findByRole('option', { name: '(No Selection)' })).toBeTruthy();
  });
});
