// @vitest-environment jsdom
import '../test/dom.ts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  calendarDateForPicker,
  formatCalendarDate,
  formatInstant,
  formatStampTime,
  formatTimeOfDay,
  instantToPicker,
  is24Hour,
  pickerToInstant,
  TIME_PICKER_DATE,
  todayIn,
} from './common/dates.ts';
import { renderField } from './common/test-render.tsx';

afterEach(cleanup);

describe('dates and times in the tenant formats (Luxon)', () => {
  it('DATE_SHORT, TIME_WITH_SECONDS and TIME_24_WITH_SECONDS', () => {
    expect(formatCalendarDate('2026-11-21', 'DATE_SHORT')).toBe('11/21/2026');
    expect(formatTimeOfDay('15:04:05', 'TIME_WITH_SECONDS')).toMatch(/^3:04:05\sPM$/);
    expect(formatTimeOfDay('15:04:05', 'TIME_24_WITH_SECONDS')).toBe('15:04:05');
    expect(is24Hour('TIME_24_WITH_SECONDS')).toBe(true);
    expect(is24Hour('TIME_WITH_SECONDS')).toBe(false);
    expect(formatCalendarDate('2026-11-21', 'dd LLL yyyy')).toBe('21 Nov 2026');
  });

  it('shows an instant in the tenant zone and converts the picker value back to UTC', () => {
    const ctx = { dateFormat: 'DATE_SHORT', timeFormat: 'TIME_24_WITH_SECONDS', timeZone: 'America/Chicago' };
    expect(formatInstant('2026-11-21T20:04:05.000Z', ctx)).toBe('11/21/2026 14:04:05');
    expect(instantToPicker('2026-11-21T20:04:05.000Z', 'America/Chicago')).toBe('2026-11-21 14:04:05');
    expect(pickerToInstant('2026-11-21 14:04:05', 'America/Chicago')).toBe('2026-11-21T20:04:05.000Z');
  });

  it('stamps read yyyy-MM-dd h:mm a; the time picker takes its time on 1970-01-01', () => {
    expect(formatStampTime('2026-11-21T20:04:05.000Z', 'America/Chicago')).toBe('2026-11-21 2:04 PM');
    expect(TIME_PICKER_DATE).toBe('1970-01-01');
  });

  it('an invalid date string falls back to today, logged only', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(calendarDateForPicker('not a date', 'UTC')).toBe(todayIn('UTC'));
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});

describe('date editors', () => {
  // First in the file: the pickers' file is loaded once per page, by the first form that asks.
  it('a date field shows its value in a stand-in until the pickers have loaded, then the picker', async () => {
    renderField({ property: 'd', title: 'Inspected', type: 'date-picker' }, { value: { value: '2026-11-21' } });
    const standIn = screen.getByRole('textbox', { name: 'Inspected' }) as HTMLInputElement;
    expect(standIn.value).toBe('11/21/2026');
    expect(standIn.readOnly).toBe(true);
    expect(standIn.getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Inspected' })).toBeNull());
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toContain('11/21/2026');
  });

  it('lockedToCreationDate fills in today on add and locks the field', async () => {
    const { changes } = renderField(
      { property: 'd', title: 'Reported', type: 'date-picker', params: { lockedToCreationDate: true } },
      { mode: 'add' },
    );
    const today = DateTime.now().setZone('America/Chicago').toISODate()!;
    await waitFor(() => expect(changes).toEqual([{ value: today, display_value: formatCalendarDate(today) }]));
    expect(screen.queryByRole('button', { name: /Reported/ })).toBeNull();
    expect(screen.getByText(formatCalendarDate(today))).toBeTruthy();
  });

  it('view mode prints the value in the tenant format, or (None entered)', () => {
    renderField(
      { property: 'd', title: 'Dispatched', type: 'date-time-picker' },
      { editable: false, value: { value: '2026-11-21T20:04:05.000Z' } },
    );
    expect(screen.getByText(/^11\/21\/2026 2:04:05\sPM$/)).toBeTruthy();
    cleanup();
    renderField(
      { property: 't', title: 'Starts', type: 'time-picker' },
      { editable: false, record: { timeFormat: 'TIME_24_WITH_SECONDS' }, value: { value: '07:30:00' } },
    );
    expect(screen.getByText('07:30:00')).toBeTruthy();
    cleanup();
    renderField({ property: 'r', title: 'Leave', type: 'date-range' }, { editable: false });
    expect(screen.getByText('(None entered)')).toBeTruthy();
  });

  it('the time picker shows no AM/PM with a 24-hour format', async () => {
    const { container } = renderField(
      { property: 't', title: 'Starts', type: 'time-picker' },
      { record: { timeFormat: 'TIME_24_WITH_SECONDS' }, value: { value: '17:30:00' } },
    );
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Starts' })).toBeNull());
    expect(container.querySelector('[data-am-pm]')).toBeNull();
    cleanup();
    const twelve = renderField({ property: 't', title: 'Starts', type: 'time-picker' }, { value: { value: '17:30:00' } });
    expect(twelve.container.querySelector('[data-am-pm]')).not.toBeNull();
  });
});
