import { describe, expect, it } from 'vitest';
import { ApiError, SignedOutError } from '../../api/errors.ts';
import { formFailure } from './form-failure.ts';
import { confirmationError, emailError, mfaCodeError, newPasswordError } from './validation.ts';

describe('sign-in area checks', () => {
  it('requires a valid email', () => {
    expect(emailError('')).toBe('The email field is required.');
    expect(emailError('chief@')).toBe('The email must be a valid email address.');
    expect(emailError(' chief@station1.org ')).toBeNull();
  });

  it('requires new passwords of at least 8 characters with letters and a number, and a matching confirmation', () => {
    expect(newPasswordError('')).toBe('Please enter a Password.');
    expect(newPasswordError('abc1234')).toBe('The password must be at least 8 characters.');
    expect(newPasswordError('12345678')).toBe('The password must contain at least one letter.');
    expect(newPasswordError('abcdefgh')).toBe('The password must contain at least one number.');
    expect(newPasswordError('abcd1234')).toBeNull();
    expect(confirmationError('abcd1234', '')).toBe('Password and Confirm Password must match.');
    expect(confirmationError('abcd1234', 'abcd1235')).toBe('Password and Confirm Password must match.');
    expect(confirmationError('abcd1234', 'abcd1234')).toBeNull();
  });

  it('requires a 6-digit MFA code', () => {
    expect(mfaCodeError('')).toBe('The mfa code field is required.');
    expect(mfaCodeError('12345a')).toBe('The mfa code must be 6 digits.');
    expect(mfaCodeError('123456')).toBeNull();
  });
});

describe('formFailure', () => {
  const fields = ['email', 'password'];

  it('puts 422 messages under the fields the form has, the others in the banner', () => {
    const error = new ApiError(422, 'The given data was invalid.', {
      message: 'The given data was invalid.',
      errors: { email: ['These credentials do not match our records.', 'second'], token: ['This password reset token is invalid.'] },
    });
    expect(formFailure(error, fields, 'Sign-in is unavailable')).toEqual({
      fields: { email: 'These credentials do not match our records.' },
      banner: 'This password reset token is invalid.',
    });
  });

  it('says the service is unavailable when it is missing, broken or unreachable', () => {
    expect(formFailure(new ApiError(404, 'Not found.'), fields, 'Sign-in is unavailable').banner).toBe(
      'Sign-in is unavailable: Not found.',
    );
    expect(formFailure(new ApiError(500, 'Internal error.'), fields, 'Sign-in is unavailable').banner).toBe(
      'Sign-in is unavailable: Internal error.',
    );
    expect(formFailure(new ApiError(0, 'Failed to fetch'), fields, 'Sign-in is unavailable').banner).toBe(
      'Sign-in is unavailable: the server cannot be reached (Failed to fetch).',
    );
  });

  it("shows the server's message for other refusals, and nothing once signed out", () => {
    expect(formFailure(new ApiError(429, 'Too many attempts.'), fields, 'x')).toEqual({ fields: {}, banner: 'Too many attempts.' });
    expect(formFailure(new SignedOutError(), fields, 'x')).toEqual({ fields: {}, banner: null });
  });
});
