import { MFA_CODE_LENGTH, PASSWORD_MIN_LENGTH } from '@turnout/shared';

/** Shown under every new-password field (spec 01 §9). */
export const PASSWORD_HELP = 'At least 8 characters, with letters and at least one number';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(value: string): string | null {
  const email = value.trim();
  if (email === '') return 'The email field is required.';
  if (!EMAIL.test(email)) return 'The email must be a valid email address.';
  return null;
}

export function passwordRequiredError(value: string): string | null {
  return value === '' ? 'The password field is required.' : null;
}

/**
 * The new-password rule the help text promises; the server checks it too (and refuses common
 * passwords). The messages are the server's, so a person reads the same words either way.
 */
export function newPasswordError(value: string): string | null {
  if (value === '') return 'Please enter a Password.';
  if ([...value].length < PASSWORD_MIN_LENGTH) return `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (!/\p{L}/u.test(value)) return 'The password must contain at least one letter.';
  if (!/\p{N}/u.test(value)) return 'The password must contain at least one number.';
  return null;
}

export function confirmationError(password: string, confirmation: string): string | null {
  return confirmation === password ? null : 'Password and Confirm Password must match.';
}

export function mfaCodeError(value: string): string | null {
  const code = value.trim();
  if (code === '') return 'The mfa code field is required.';
  if (!new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`).test(code)) return `The mfa code must be ${MFA_CODE_LENGTH} digits.`;
  return null;
}

/** Keeps only the fields that have a message; an empty result means the form may be sent. */
export function collectErrors(checks: Record<string, string | null>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(checks)) if (message) errors[field] = message;
  return errors;
}
