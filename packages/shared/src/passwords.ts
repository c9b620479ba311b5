/**
 * The set-password rule the help text promises (spec 01 §5): at least 8 characters, letters
 * and at least one number. The server also refuses the most common passwords and anything
 * over 128 characters. Messages are the spec's where it gives them.
 */
export const PASSWORD_HELP_TEXT = 'Password should be at least 8 characters, with letters and at least one number.';
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  required: 'Please enter a Password.',
  mismatch: 'Password and Confirm Password must match.',
  tooShort: 'The password must be at least 8 characters.',
  tooLong: `The password may not be greater than ${PASSWORD_MAX_LENGTH} characters.`,
  needsLetter: 'The password must contain at least one letter.',
  needsNumber: 'The password must contain at least one number.',
  tooCommon: 'This password is too common. Please choose another.',
} as const;

/** The rule's messages for a candidate password; empty when it passes (common-list aside). */
export function passwordProblems(password: string): string[] {
  if (password.length === 0) return [PASSWORD_MESSAGES.required];
  const problems: string[] = [];
  if ([...password].length < 8) problems.push(PASSWORD_MESSAGES.tooShort);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_MESSAGES.tooLong);
  if (!/\p{L}/u.test(password)) problems.push(PASSWORD_MESSAGES.needsLetter);
  if (!/\p{N}/u.test(password)) problems.push(PASSWORD_MESSAGES.needsNumber);
  return problems;
}
