import { TextInput } from '@mantine/core';
import type { DateTimeValue } from '@turnout/shared';
import type { DateRangeValue } from '@turnout/shared/fields/types/date-range';
import type { ReactNode } from 'react';
import type { FieldDisplayProps, FieldEditorProps } from '../types.ts';
import {
  calendarDateForPicker,
  formatCalendarDate,
  formatInstant,
  formatTimeOfDay,
  instantToPicker,
  is24Hour,
  pickerToInstant,
  todayIn,
} from './dates.ts';
import { useAddModeFill } from './EntitySelect.tsx';
import { FieldShell, ReadOnlyText, shellProps } from './FieldShell.tsx';
import { type DatePickers, useDatePickers } from './use-date-pickers.ts';

const stored = (v: unknown): string | undefined =>
  v && typeof v === 'object' && 'value' in v && typeof (v as DateTimeValue).value === 'string'
    ? (v as DateTimeValue).value
    : typeof v === 'string'
      ? v
      : undefined;

/** The text of a date value in the tenant's format; an invalid value shows nothing. */
export const dateText = (v: unknown, dateFormat?: string) => (stored(v) ? formatCalendarDate(stored(v)!.slice(0, 10), dateFormat) : '');
export const instantText = (v: unknown, ctx: Parameters<typeof formatInstant>[1]) => (stored(v) ? formatInstant(stored(v)!, ctx) : '');
export const timeText = (v: unknown, timeFormat?: string) => (stored(v) ? formatTimeOfDay(stored(v)!, timeFormat) : '');

function ReadOnly(props: Pick<FieldEditorProps, 'field' | 'required' | 'editable' | 'error'> & { text: string }) {
  return (
    <FieldShell {...props} group={false}>
      <ReadOnlyText text={props.text} />
    </FieldShell>
  );
}

/**
 * In a picker's place until the pickers have loaded (use-date-pickers.ts): the same label, help
 * text and value at the same size, read-only and marked unavailable for the moment. Focusing or
 * pressing it asks for the pickers at once.
 */
function PickerStandIn({ load, ...props }: FieldEditorProps & { text: string; placeholder: string; load: () => void }) {
  return (
    <TextInput
      {...shellProps(props)}
      value={props.text}
      placeholder={props.placeholder}
      readOnly
      aria-disabled="true"
      onFocus={load}
      onPointerDown={load}
    />
  );
}

/** The pickers once loaded (children), else the stand-in. */
function WithPickers({
  children,
  ...props
}: FieldEditorProps & { text: string; placeholder: string; children: (pickers: DatePickers) => ReactNode }) {
  const [pickers, load] = useDatePickers();
  return pickers ? children(pickers) : <PickerStandIn {...props} load={load} />;
}

const TIME_LABELS = { hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes', secondsInputLabel: 'Seconds', amPmInputLabel: 'AM or PM' };

/** date-picker: lockedToCreationDate fills today on add and locks it (spec 02 §5). */
export function DatePickerEditor(props: FieldEditorProps<DateTimeValue>) {
  const { dateFormat, timeZone } = props.record;
  const locked = props.field.params?.lockedToCreationDate === true;
  useAddModeFill(props, locked, () => {
    const today = todayIn(timeZone);
    return { value: today, display_value: formatCalendarDate(today, dateFormat) };
  });
  if (!props.editable || locked)
    return <ReadOnly {...props} editable={props.editable && !locked} text={dateText(props.value, dateFormat)} />;
  return (
    <WithPickers {...props} text={dateText(props.value, dateFormat)} placeholder="Pick a date">
      {({ DatePickerInput }) => (
        <DatePickerInput
          {...shellProps(props)}
          value={calendarDateForPicker(stored(props.value), timeZone)}
          valueFormatter={({ date }) => (typeof date === 'string' ? formatCalendarDate(date.slice(0, 10), dateFormat) : '')}
          placeholder="Pick a date"
          clearable
          clearButtonProps={{ 'aria-label': `Clear ${props.field.title}` }}
          onChange={(date) =>
            props.onChange(
              date ? { value: String(date).slice(0, 10), display_value: formatCalendarDate(String(date).slice(0, 10), dateFormat) } : null,
            )
          }
          popoverProps={{ withinPortal: true }}
        />
      )}
    </WithPickers>
  );
}

/** date-time-picker: an instant in the tenant's zone, seconds step 1, no AM/PM with a 24-hour format. */
export function DateTimePickerEditor(props: FieldEditorProps<DateTimeValue>) {
  const ctx = props.record;
  const locked = props.field.params?.lockedToCreationDate === true;
  useAddModeFill(props, locked, () => {
    const now = new Date().toISOString();
    return { value: now, display_value: formatInstant(now, ctx) };
  });
  if (!props.editable || locked) return <ReadOnly {...props} editable={props.editable && !locked} text={instantText(props.value, ctx)} />;
  return (
    <WithPickers {...props} text={instantText(props.value, ctx)} placeholder="Pick date and time">
      {({ DateTimePicker }) => (
        <DateTimePicker
          {...shellProps(props)}
          value={instantToPicker(stored(props.value), ctx.timeZone)}
          withSeconds
          valueFormat={(date) => (date ? formatInstant(pickerToInstant(date, ctx.timeZone) ?? '', ctx) : '')}
          timePickerProps={{ format: is24Hour(ctx.timeFormat) ? '24h' : '12h', withDropdown: true, secondsStep: 1, ...TIME_LABELS }}
          placeholder="Pick date and time"
          clearable
          clearButtonProps={{ 'aria-label': `Clear ${props.field.title}` }}
          onChange={(local) => {
            const iso = pickerToInstant(local ? String(local) : null, ctx.timeZone);
            props.onChange(iso ? { value: iso, display_value: formatInstant(iso, ctx) } : null);
          }}
          popoverProps={{ withinPortal: true }}
        />
      )}
    </WithPickers>
  );
}

/** date-range: from and to dates. */
export function DateRangeEditor(props: FieldEditorProps<DateRangeValue>) {
  const { dateFormat } = props.record;
  const text = [props.value?.from, props.value?.to].map((end) => dateText(end, dateFormat)).join(' - ');
  if (!props.editable) return <ReadOnly {...props} text={props.value?.from || props.value?.to ? text : ''} />;
  const end = (v: { value?: string } | undefined) => (v?.value ? v.value.slice(0, 10) : null);
  return (
    <WithPickers {...props} text={props.value?.from || props.value?.to ? text : ''} placeholder="Pick dates">
      {({ DatePickerInput }) => (
        <DatePickerInput
          {...shellProps(props)}
          type="range"
          allowSingleDateInRange
          value={[end(props.value?.from), end(props.value?.to)]}
          valueFormatter={({ date }) =>
            Array.isArray(date)
              ? date.map((d) => (typeof d === 'string' ? formatCalendarDate(d.slice(0, 10), dateFormat) : '')).join(' - ')
              : ''
          }
          placeholder="Pick dates"
          clearable
          clearButtonProps={{ 'aria-label': `Clear ${props.field.title}` }}
          onChange={([from, to]) => {
            const wrap = (d: unknown) =>
              d ? { value: String(d).slice(0, 10), display_value: formatCalendarDate(String(d).slice(0, 10), dateFormat) } : undefined;
            const next = { ...(from ? { from: wrap(from) } : {}), ...(to ? { to: wrap(to) } : {}) };
            props.onChange(from || to ? next : null);
          }}
          popoverProps={{ withinPortal: true }}
        />
      )}
    </WithPickers>
  );
}

/**
 * time-picker: a time of day with seconds; a 24-hour tenant format has no AM/PM. Stored as
 * 'HH:mm:ss'; where a timestamp is needed it is taken on 1970-01-01 (TIME_PICKER_DATE).
 */
export function TimePickerEditor(props: FieldEditorProps<DateTimeValue>) {
  const { timeFormat } = props.record;
  if (!props.editable) return <ReadOnly {...props} text={timeText(props.value, timeFormat)} />;
  const current = stored(props.value);
  return (
    <WithPickers {...props} text={timeText(props.value, timeFormat)} placeholder="">
      {({ TimePicker }) => (
        <TimePicker
          {...shellProps(props)}
          value={current ? (current.length === 5 ? `${current}:00` : current) : ''}
          withSeconds
          secondsStep={1}
          withDropdown
          clearable
          clearButtonProps={{ 'aria-label': `Clear ${props.field.title}` }}
          format={is24Hour(timeFormat) ? '24h' : '12h'}
          {...TIME_LABELS}
          onChange={(time) => props.onChange(time ? { value: time, display_value: formatTimeOfDay(time, timeFormat) } : null)}
        />
      )}
    </WithPickers>
  );
}

export const DateDisplay = ({ value, record }: FieldDisplayProps<DateTimeValue>) => <>{dateText(value, record.dateFormat)}</>;
export const DateTimeDisplay = ({ value, record }: FieldDisplayProps<DateTimeValue>) => <>{instantText(value, record)}</>;
export const TimeDisplay = ({ value, record }: FieldDisplayProps<DateTimeValue>) => <>{timeText(value, record.timeFormat)}</>;
