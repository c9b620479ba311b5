import type { FieldUser } from '../types.ts';
import { formatStampTime } from './dates.ts';

/** Spec 02 §3 'Acceptance value'. */
export interface Acceptance {
  checked?: boolean | null;
  checkedBy?: string | number | null;
  checkedByName?: string | null;
  declineChecked?: boolean | null;
  declinedBy?: string | number | null;
  declinedByName?: string | null;
  checkedAt?: string | null;
  display_value?: string | null;
}

const stamper = (user: FieldUser | undefined) => ({ id: user?.personnelId ?? user?.id ?? null, name: user?.name ?? null });

/** The text of an acceptance: 'Agreed by {name} at {time}' or 'Declined by {name} at {time}' (yyyy-MM-dd h:mm a). */
export function acceptanceText(value: Acceptance | null | undefined, timeZone?: string): string {
  if (!value || (!value.checked && !value.declineChecked)) return '';
  const [verb, name] = value.checked ? ['Agreed', value.checkedByName] : ['Declined', value.declinedByName];
  const at = value.checkedAt ? ` at ${formatStampTime(value.checkedAt, timeZone)}` : '';
  return `${verb}${name ? ` by ${name}` : ''}${at}`;
}

/**
 * I Accept toggles checked and clears decline; I Decline toggles declined and clears checked;
 * both stamp the user's personnel id, name and the time (spec 02 §4). The server stamps again
 * on save: it never takes who and when from the client.
 */
export function toggleAcceptance(
  value: Acceptance | null | undefined,
  choice: 'accept' | 'decline',
  user: FieldUser | undefined,
  now: Date,
  timeZone?: string,
): Acceptance | null {
  const { id, name } = stamper(user);
  const on = choice === 'accept' ? !value?.checked : !value?.declineChecked;
  if (!on) return null;
  const next: Acceptance =
    choice === 'accept'
      ? {
          checked: true,
          checkedBy: id,
          checkedByName: name,
          declineChecked: false,
          declinedBy: null,
          declinedByName: null,
          checkedAt: now.toISOString(),
        }
      : {
          checked: false,
          checkedBy: null,
          checkedByName: null,
          declineChecked: true,
          declinedBy: id,
          declinedByName: name,
          checkedAt: now.toISOString(),
        };
  return { ...next, display_value: acceptanceText(next, timeZone) };
}
