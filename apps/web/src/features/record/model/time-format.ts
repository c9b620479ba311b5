/** Date and time texts of the record screen, in the browser's time zone. */

const pad = (n: number) => String(n).padStart(2, '0');

function dateOf(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** yyyy-MM-dd h:mm a (approvals and acceptances, spec 02 §9); '' for an invalid date. */
export function formatStamp(value: string | Date | null | undefined): string {
  const d = dateOf(value);
  if (!d) return '';
  const hours = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${hours}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** yyyyMMddHHmmss: the form version label Form_{version} from the type's modified time. */
export function formVersion(value: string | Date | null | undefined): string {
  const d = dateOf(value);
  if (!d) return '';
  return `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
}
