// @vitest-environment jsdom
import '../test/dom.ts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bounds } from './common/NumberEditors.tsx';
import { renderField } from './common/test-render.tsx';

afterEach(cleanup);

describe('numbers (spec 02 §5)', () => {
  it('slider and counter default to 0..100 and always show min and max; stars default to 5', () => {
    expect(bounds({ property: 'a', title: 'A', type: 'number-slider' }, { min: 0, max: 100 })).toEqual({ min: 0, max: 100 });
    expect(bounds({ property: 'a', title: 'A', type: 'number-slider', validation: { min: 5, max: '50' } }, { min: 0, max: 100 })).toEqual({
      min: 5,
      max: 50,
    });
    renderField({ property: 's', title: 'Fuel', type: 'number-slider' }, { value: 60 });
    expect(screen.getByText('0')).toBeTruthy();
    expect(screen.getByText('100')).toBeTruthy();
    cleanup();
    renderField({ property: 'c', title: 'Crew', type: 'number-counter' });
    expect(screen.getByText('Between 0 and 100')).toBeTruthy();
    cleanup();
    renderField({ property: 'r', title: 'Rating', type: 'star-rating' });
    expect(screen.getByText('0 of 5')).toBeTruthy();
  });

  it('number entry with a range edits from and to', () => {
    const { changes } = renderField({ property: 'n', title: 'Loss', type: 'number-entry', params: { isNumberRange: true } });
    fireEvent.change(screen.getByRole('textbox', { name: 'From' }), { target: { value: '10' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'To' }), { target: { value: '20' } });
    expect(changes.at(-1)).toEqual({ from: 10, to: 20 });
  });

  it('boolean and yes-no store true and false; view prints Yes or No', () => {
    const { changes } = renderField({ property: 'b', title: 'Injuries', type: 'boolean' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Injuries' }));
    expect(changes).toEqual([true]);
    cleanup();
    const yesNo = renderField({ property: 'y', title: 'Mutual aid', type: 'yes-no' });
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(yesNo.changes).toEqual([false]);
    cleanup();
    renderField({ property: 'y', title: 'Mutual aid', type: 'yes-no' }, { editable: false, value: false });
    expect(screen.getByText('No')).toBeTruthy();
  });

  it('year entry takes whole numbers', () => {
    const { changes } = renderField({ property: 'y', title: 'Built', type: 'year-entry' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Built' }), { target: { value: '1998' } });
    expect(changes.at(-1)).toBe(1998);
  });

  it('computed results are read-only and formatted (duration, dollar)', () => {
    renderField({ property: 'f', title: 'On scene', type: 'formula-result', params: { formatResultAs: 'duration' } }, { value: 1.5 });
    expect(screen.getByText('01:30:00')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    cleanup();
    renderField({ property: 'f', title: 'Cost', type: 'formula-result-rollup', params: { formatResultAs: 'dollar' } }, { value: 1234.5 });
    expect(screen.getByText('$1,234.50')).toBeTruthy();
  });
});
