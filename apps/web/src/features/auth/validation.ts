import { MFA_CODE_LENGTH, PASSWORD_MESSAGES, passwordProblems } from '@turnout/shared';

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
 * The new-password rule the help text promises (the shared rule; the server checks it too and
 * also refuses common passwords). The first problem found is shown.
 */
export function newPasswordError(value: string): string | null {
  return passwordProblems(value)[0] ?? null;
}

export function confirmationError(password: string, confirmation: string): string | null {
  return confirmation === password ? null : PASSWORD_MESSAGES.mismatch;
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
