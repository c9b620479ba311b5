import { useMemo } from 'react';
import { formatInstant, formatInstantDate } from '../../fields/common/dates.ts';
import { useCurrentUserOrNull } from './current-user.tsx';

export interface TenantFormats {
  dateFormat: string;
  timeFormat: string;
  timeZone: string;
  /** The day of an instant in the department's date format; '' when invalid. */
  date: (iso: string | null | undefined) => string;
  /** An instant as date then time in the department's formats; '' when invalid. */
  dateTime: (iso: string | null | undefined) => string;
}

let zone: string | undefined;
/**
 * The browser's zone, asked once: every card of a list formats its dates through this hook, and
 * a new Intl.DateTimeFormat per card cost the list of 48 main-thread time (issue 20, TBT).
 */
function browserTimeZone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone;
}

/**
 * The date and time formats of the department the user acts in (My Department, spec 01 §3,
 * §9): DATE_SHORT and TIME_WITH_SECONDS unless the department chose others. Times show in the
 * browser's zone.
 */
export function useTenantFormats(): TenantFormats {
  const tenant = useCurrentUserOrNull()?.tenant_record;
  const dateFormat = tenant?.date_format ?? 'DATE_SHORT';
  const timeFormat = tenant?.time_format ?? 'TIME_WITH_SECONDS';
  return useMemo(() => {
    const timeZone = browserTimeZone();
    const ctx = { dateFormat, timeFormat, timeZone };
    return {
      ...ctx,
      date: (iso) => (iso ? formatInstantDate(iso, ctx) : ''),
      dateTime: (iso) => (iso ? formatInstant(iso, ctx) : ''),
    };
  }, [dateFormat, timeFormat]);
}
